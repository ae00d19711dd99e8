import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Col, Empty, Form, Input, Modal, Row, Spin } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchModelDetail, submitModel } from '../../../client/api/flow.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import type { Designer } from './bpmn-modeler.ts';
import { MODEL_KEY_PATTERN, NEW_MODEL_XML, type Editable, type ElementProps } from './model-xml.ts';
import { PropertiesPanel } from './PropertiesPanel.tsx';

interface Props {
  /** the model to edit; undefined adds one */
  modelId?: string;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  onSaved: () => void;
}
interface ModelForm {
  modelKey: string;
  name: string;
  description: string;
}

const DESIGNER_CSS = `
.tenon-flow-designer { display: flex; gap: 12px; height: calc(100vh - 330px); min-height: 360px; }
.tenon-flow-designer-canvas { position: relative; flex: 1; border: 1px solid var(--ant-color-border-secondary, #f0f0f0); border-radius: 6px; background: #fff; }
.tenon-flow-designer-canvas > .tenon-flow-canvas { position: absolute; inset: 0; }
.tenon-flow-designer-panel { width: 300px; overflow: auto; }
`;

/**
 * 模型设计: the model's key, name and description, the BPMN editor (bpmn-js, loaded when the dialog opens) and the
 * side panel for the selected element. 保存 sends the editor's XML with `model/submit`.
 */
export function ModelDesigner({ modelId, open, onClose, afterClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ModelForm>();
  const [canvas, setCanvas] = useState<HTMLDivElement | null>(null);
  const designer = useRef<Designer>(undefined);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [element, setElement] = useState<ElementProps>();

  const detail = useQuery({
    queryKey: [DESKTOP_KEY, 'flow', 'model-detail', modelId],
    queryFn: () => fetchModelDetail(modelId!),
    enabled: Boolean(modelId),
    staleTime: 0,
  });
  const xml = modelId ? (detail.data ? detail.data.xml || NEW_MODEL_XML : undefined) : NEW_MODEL_XML;
  const missing = detail.isError || (Boolean(modelId) && detail.isSuccess && !detail.data);
  useEffect(() => {
    if (detail.data)
      form.setFieldsValue({
        modelKey: detail.data.modelKey,
        name: detail.data.name,
        description: detail.data.description,
      });
  }, [detail.data, form]);

  useEffect(() => {
    const element = canvas;
    if (!element || xml === undefined) return undefined;
    let cancelled = false;
    setState('loading');
    import('./bpmn-modeler.ts')
      .then(({ createDesigner }) => createDesigner(element, xml))
      .then((created) => {
        if (cancelled) {
          created.destroy();
          return;
        }
        designer.current = created;
        created.onChange(setElement);
        setElement(created.current());
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      designer.current?.destroy();
      designer.current = undefined;
    };
  }, [canvas, xml]);

  const save = useMutation({
    mutationFn: async (values: ModelForm) => {
      const body = await designer.current!.save({ key: values.modelKey.trim(), name: values.name.trim() });
      await submitModel({
        ...(modelId ? { id: modelId } : {}),
        modelKey: values.modelKey.trim(),
        name: values.name.trim(),
        description: values.description ?? '',
        xml: body,
      });
    },
    onSuccess: () => {
      void message.success(t(modelId ? 'common.updateSuccess' : 'common.addSuccess'));
      onSaved();
    },
  });
  const update = (key: Editable, value: string) => {
    if (element) designer.current?.update(element.id, key, value);
  };

  return (
    <Modal
      open={open}
      title={t(modelId ? 'flow.model.edit' : 'flow.model.add')}
      width="92vw"
      style={{ top: 24 }}
      mask={{ closable: false }}
      destroyOnHidden
      afterClose={afterClose}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={save.isPending}
          disabled={state !== 'ready'}
          onClick={() =>
            void form
              .validateFields()
              .then((values) => save.mutate(values))
              .catch(() => undefined)
          }
        >
          {t('common.save')}
        </Button>,
      ]}
    >
      <style>{DESIGNER_CSS}</style>
      <Form form={form} layout="vertical" className="tenon-flow-model-form">
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item
              name="modelKey"
              label={t('flow.field.modelKey')}
              validateTrigger="onBlur"
              extra={t('flow.model.keyHint')}
              rules={[
                { required: true, whitespace: true, message: t('flow.model.keyRequired') },
                { pattern: MODEL_KEY_PATTERN, message: t('flow.model.keyPattern') },
              ]}
            >
              <Input placeholder={t('crud.input', { label: t('flow.field.modelKey') })} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="name"
              label={t('flow.field.modelName')}
              validateTrigger="onBlur"
              rules={[{ required: true, whitespace: true, message: t('flow.model.nameRequired') }, { max: 255 }]}
            >
              <Input placeholder={t('crud.input', { label: t('flow.field.modelName') })} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="description" label={t('flow.field.description')}>
              <Input placeholder={t('crud.input', { label: t('flow.field.description') })} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <div className="tenon-flow-designer">
        <div className="tenon-flow-designer-canvas" data-state={state}>
          <div ref={setCanvas} className="tenon-flow-canvas" />
          {state === 'loading' && !missing && (
            <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <Spin />
            </div>
          )}
          {(state === 'failed' || missing) && (
            <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <Alert type="error" showIcon title={t('flow.model.designerFailed')} />
            </div>
          )}
        </div>
        <div className="tenon-flow-designer-panel">
          {element ? (
            <PropertiesPanel
              element={element}
              onChange={update}
              onFormFieldsChange={(fields) => designer.current?.setFormFields(element.id, fields)}
              onActionChange={(action) => designer.current?.setAction(element.id, action)}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </div>
      </div>
    </Modal>
  );
}
