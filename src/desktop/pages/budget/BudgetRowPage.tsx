import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Space } from 'antd';
import { CopyOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { postData } from '../../../client/http.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { MONTHS } from '../../../shared/entities/month-row.ts';
import { CrudDialog, type DialogState } from '../../components/crud/CrudDialog.tsx';
import { crudKey, entityApi } from '../../components/crud/crud-api.ts';
import { crudCss } from '../../components/crud/crud-css.ts';
import { CrudToolbar } from '../../components/crud/CrudToolbar.tsx';
import { CompanySelect } from '../../components/crud/FieldControl.tsx';
import { SearchBar } from '../../components/crud/SearchBar.tsx';
import { useConfirmDelete } from '../../components/crud/use-confirm-delete.ts';
import { fieldsForMode, formFields } from '../../components/crud/fields.ts';
import { PAGE_SIZES, useCrudRows } from '../../components/crud/use-crud-rows.ts';
import { MonthlyGrid, type GridRow, type MonthlyGridConfig } from '../../components/grid/MonthlyGrid.tsx';
import { fullYearTotals } from '../../components/grid/monthly-grid.ts';
import { usePermission } from '../../permission.ts';
import { pastedBudgetRows } from './pasted-rows.ts';

type Query = Record<string, string | number>;

/** The monthly budget row's grid (budget.md §1): account and caption fixed, then 预算/实际/完成率 a month, the year. */
export const gridOf = (entity: EntityDef, editable: boolean): MonthlyGridConfig => ({
  captions: [
    { key: 'subject', label: entity.fields.subject.label, width: 100 },
    { key: 'title', label: entity.fields.title.label, width: 140 },
    { key: 'orgName', label: entity.fields.orgId.label, width: 120, scrolls: true },
  ],
  months: [
    { key: 'amount', prefix: 'amount', label: { zh: '预算', en: 'Budget' } },
    { key: 'actual', prefix: 'actual', label: { zh: '实际', en: 'Actual' } },
    { key: 'finish', finish: { actual: 'actual', amount: 'amount' }, label: { zh: '完成率', en: 'Completion' } },
  ],
  totals: fullYearTotals(entity.fields),
  editable: () => (editable ? ['amount', 'actual'] : []),
});

/**
 * A screen of monthly budget rows maintained directly (budget.md §1, §5.4 财务预算): the rows in the monthly grid,
 * edited in place, the add/edit/view dialog of the CRUD page, and, where the entity has them, 批量保存 (rows pasted
 * from Excel, saved all or nothing) and 复制到下一年.
 */
export function BudgetRowPage({
  entity,
  grid = (config) => config,
}: {
  entity: EntityDef;
  /** The entity's own columns added to the monthly row's (a difference's part number and its year's difference). */
  grid?: (config: MonthlyGridConfig) => MonthlyGridConfig;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { can } = usePermission();
  const api = entityApi(entity);
  const code = entity.code;
  const [query, setQuery] = useState<Query>({});
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES[0] });
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [batch, setBatch] = useState<'paste' | 'copy' | null>(null);
  const list = useCrudRows(entity, { mode: 'paged', action: 'page', query, page });
  const reload = () => queryClient.invalidateQueries({ queryKey: crudKey(entity) });
  const confirmDelete = useConfirmDelete(api.remove, async () => {
    setSelected([]);
    await reload();
  });
  const open = (state: DialogState) => {
    setDialog(state);
    setDialogOpen(true);
  };
  const search = (next: Query) => {
    setQuery(next);
    setPage((p) => ({ ...p, current: 1 }));
    setSelected([]);
  };
  const rowButtons = (row: GridRow) => (
    <Space size={0} className="tenon-row-actions">
      {can(`${code}_view`) && (
        <Button type="link" size="small" onClick={() => open({ mode: 'view', id: row.id })}>
          {t('common.view')}
        </Button>
      )}
      {can(`${code}_edit`) && (
        <Button type="link" size="small" onClick={() => open({ mode: 'edit', id: row.id })}>
          {t('common.edit')}
        </Button>
      )}
      {can(`${code}_delete`) && (
        <Button type="link" size="small" danger onClick={() => confirmDelete([row.id])}>
          {t('common.delete')}
        </Button>
      )}
    </Space>
  );
  const dialogFields = fieldsForMode(formFields(entity, undefined, dialog?.mode === 'view'), dialog?.mode);
  const year = Number(query.year) || new Date().getFullYear();
  return (
    <Card className="tenon-crud" variant="borderless">
      <style>{crudCss}</style>
      <SearchBar entity={entity} lang={lang} onSearch={search} />
      <CrudToolbar
        onAdd={can(`${code}_add`) ? () => open({ mode: 'add' }) : undefined}
        onDelete={can(`${code}_delete`) ? () => confirmDelete(selected) : undefined}
        selected={selected.length}
        onReload={() => void reload()}
      >
        {can(`${code}_batchsave`) && (
          <Button icon={<SnippetsOutlined />} onClick={() => setBatch('paste')}>
            {t('crud.budget.batchSave')}
          </Button>
        )}
        {can(`${code}_batchcopy`) && (
          <Button icon={<CopyOutlined />} onClick={() => setBatch('copy')}>
            {t('crud.budget.copyNextYear')}
          </Button>
        )}
      </CrudToolbar>
      <MonthlyGrid
        config={grid(gridOf(entity, can(`${code}_edit`)))}
        rows={list.rows as GridRow[]}
        lang={lang}
        loading={list.fetching}
        onSave={async (row, changes) => {
          const saved = await api.submit({ id: row.id, ...changes });
          void reload();
          return saved;
        }}
        actions={{ width: 170, render: rowButtons }}
        indexStart={(page.current - 1) * page.size + 1}
        selection={{ selected, onChange: setSelected }}
        paging={{ ...page, total: list.page?.total ?? 0, onPage: setPage }}
      />
      {dialog && (
        <CrudDialog
          entity={entity}
          lang={lang}
          state={dialog}
          fields={dialogFields}
          open={dialogOpen}
          width={900}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialog(null)}
          onSaved={() => {
            setDialogOpen(false);
            void reload();
          }}
        />
      )}
      <BatchDialog
        kind={batch}
        entity={entity}
        lang={lang}
        year={year}
        orgId={query.orgId === undefined ? undefined : String(query.orgId)}
        onClose={() => setBatch(null)}
        onDone={(text) => {
          setBatch(null);
          void message.success(text);
          void reload();
        }}
      />
    </Card>
  );
}

/**
 * 批量保存: a year, a company and rows pasted from Excel (科目代码, 科目名称, 1月..12月预算), saved all or nothing;
 * 复制到下一年: a year (and a company) copied, what the next year has already skipped.
 */
function BatchDialog({
  kind,
  entity,
  lang,
  year,
  orgId,
  onClose,
  onDone,
}: {
  kind: 'paste' | 'copy' | null;
  entity: EntityDef;
  lang: 'zh' | 'en';
  year: number;
  orgId?: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ year: number; orgId?: string; rows?: string }>();
  const [busy, setBusy] = useState(false);
  const base = `/api/${entity.service}/${entity.name}`;
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    try {
      if (kind === 'copy') {
        const done = await postData<{ copied: number; skipped: number }>(`${base}/batchcopy`, {
          year: values.year,
          ...(values.orgId ? { orgId: values.orgId } : {}),
        });
        onDone(t('crud.budget.copied', { year: values.year + 1, copied: done.copied, skipped: done.skipped }));
      } else {
        const rows = pastedBudgetRows(values.rows ?? '').map((row) => ({
          ...row,
          year: values.year,
          orgId: values.orgId,
        }));
        const done = await postData<{ inserted: number; updated: number }>(`${base}/batchsave`, rows);
        onDone(t('crud.budget.saved', { count: done.inserted + done.updated }));
      }
    } catch {
      // The refusal (第N行：…) has been shown; what was pasted stays to be corrected.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={kind !== null}
      title={t(kind === 'copy' ? 'crud.budget.copyNextYear' : 'crud.budget.batchSave')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={kind === 'copy' ? 480 : 760}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ year, orgId }}>
        <Form.Item
          name="year"
          label={t(kind === 'copy' ? 'crud.budget.fromYear' : 'crud.budget.year')}
          rules={[{ required: true, message: t('crud.budget.yearRequired') }]}
        >
          <InputNumber min={2000} max={2098} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="orgId"
          label={entity.fields.orgId.label[lang]}
          rules={kind === 'paste' ? [{ required: true, message: t('crud.budget.companyRequired') }] : []}
        >
          <CompanySelect field={{ ...entity.fields.orgId, name: 'orgId' }} lang={lang} />
        </Form.Item>
        {kind === 'paste' && (
          <Form.Item
            name="rows"
            label={t('crud.budget.pasteLabel')}
            extra={t('crud.budget.pasteHint', { months: MONTHS.length })}
            rules={[{ required: true, message: t('crud.budget.pasteRequired') }]}
          >
            <Input.TextArea rows={10} spellCheck={false} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
