import { useState } from 'react';
import { App, Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { postData } from '../../../client/http.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { usePermission } from '../../permission.ts';
import { validated } from '../../components/validated.ts';

/** A toolbar button of `approval` (budget.md §4, §6): the action sent, the button code showing it, its opinion. */
export interface ApprovalAction {
  action: string;
  code: string;
  /** i18n key of the button */
  label: string;
  /** `required`: a rejection asks why (`请填写驳回意见`); `optional`: an approval may say something */
  opinion?: 'required' | 'optional';
  danger?: boolean;
}

/**
 * The approval buttons of a budget screen: each acts on the selected rows (`请选择至少一条数据`), all or nothing on the
 * server; an action with an opinion asks for it first. The server's refusal (`第N条记录当前状态不允许此操作`) is shown by
 * the interceptor and the selection stays.
 */
export function ApprovalButtons({
  entity,
  actions,
  selected,
  body,
  onDone,
}: {
  entity: EntityDef;
  actions: readonly ApprovalAction[];
  selected: readonly string[];
  /** the request body of an action (budgetfill: `{ids, action, opinion}`; budgetsituation: `{ids}`) */
  body: (ids: string, action: string, opinion: string) => Record<string, unknown>;
  onDone: (changed: number) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermission();
  const [asking, setAsking] = useState<ApprovalAction>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ opinion?: string }>();

  const send = async (action: ApprovalAction, opinion = '') => {
    setBusy(true);
    try {
      const done = await postData<Record<string, number>>(
        `/api/${entity.service}/${entity.name}/approval`,
        body(selected.join(','), action.action, opinion),
      );
      setAsking(undefined);
      void message.success(t('crud.approval.done', { action: t(action.label) }));
      onDone(Object.values(done)[0] ?? 0);
    } catch {
      // shown by the interceptor; the selection and the typed opinion stay
    } finally {
      setBusy(false);
    }
  };
  const start = (action: ApprovalAction) => {
    if (!selected.length) {
      void message.warning(t('common.selectOne'));
      return;
    }
    if (action.opinion) {
      form.resetFields();
      setAsking(action);
    } else void send(action);
  };
  const confirm = async () => {
    const values = await validated(form);
    if (values && asking) await send(asking, values.opinion?.trim() ?? '');
  };
  return (
    <>
      {actions
        .filter((action) => can(action.code))
        .map((action) => (
          <Button key={action.action} danger={action.danger} loading={busy && !asking} onClick={() => start(action)}>
            {t(action.label)}
          </Button>
        ))}
      <Modal
        open={Boolean(asking)}
        title={asking ? t(asking.label) : ''}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        onOk={() => void confirm()}
        onCancel={() => setAsking(undefined)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="opinion"
            label={t('crud.approval.opinion')}
            rules={
              asking?.opinion === 'required'
                ? [{ required: true, whitespace: true, message: t('crud.approval.opinionRequired') }]
                : []
            }
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
