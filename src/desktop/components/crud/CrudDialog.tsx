import type { ReactNode } from 'react';
import { App, Button, Col, Form, Modal, Row, type FormInstance } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../../client/http.ts';
import { displayField, editValues, refTargetOf, type EntityDef } from '../../../shared/entities/define.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { useFormName } from '../use-form-name.ts';
import { crudKey, entityApi, referencedRow } from './crud-api.ts';
import { FieldControl, isWide, validateTriggerOf } from './FieldControl.tsx';
import {
  defaultValues,
  dependenciesOf,
  recordValues,
  rulesOf,
  sentValues,
  wireValueProps,
  type CrudField,
  type CrudOptions,
  type DialogMode,
} from './fields.ts';
import { lineValues, LinesTable } from './LinesTable.tsx';
import { ChangeHistoryButton } from '../audit/ChangeRecords.tsx';
import { validated } from '../validated.ts';

/** `values`: what an add starts with (a new child's parent). */
export interface DialogState {
  mode: DialogMode;
  id?: string;
  values?: Record<string, unknown>;
  /** A declared partial edit (`edits`) by name: its fields go to its own route. */
  edit?: string;
  /** The row as its list returned it, for an entity without `detail` (budget lines: the grid works from the list). */
  record?: Record<string, unknown>;
}

interface Props {
  entity: EntityDef;
  lang: Lang;
  state: DialogState;
  /** The screen's form fields, the parent picker of a tree included. */
  fields: CrudField[];
  /** Fields shown but not editable. */
  locked?: readonly string[];
  open: boolean;
  width: number;
  onClose: () => void;
  afterClose: () => void;
  onSaved: () => void;
  /** The screen's own part of the form, below the fields. */
  extra?: (form: FormInstance<Record<string, unknown>>, mode: DialogMode, id?: string) => ReactNode;
  /** The screen's own controls by field name (CrudOptions.controls). */
  controls?: CrudOptions['controls'];
  /** The screen's own write of the form's row (an entity written through batches: inventorybudget), not `submit`. */
  save?: (row: Record<string, unknown>) => Promise<unknown>;
}

/** From this width the form has two columns (long text and trees always take a whole row). */
const TWO_COLUMNS_FROM = 760;

/**
 * Add / edit / view dialog of one record. Edit and view load `detail?id=`; view is read-only. A failed save keeps
 * the dialog open with its values (the interceptor has already shown the server's message).
 */
export function CrudDialog({
  entity,
  lang,
  state,
  fields: screenFields,
  locked: screenLocked = [],
  open,
  width,
  onClose,
  afterClose,
  onSaved,
  extra,
  controls,
  save: write,
}: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const formName = useFormName(entity.name);
  const api = entityApi(entity);
  const { mode, id, values: preset } = state;
  const edit = state.edit ? entity.edits?.[state.edit] : undefined;
  // A partial edit shows the row's name fields, locked, above the fields it changes.
  const named = [displayField(entity), ...(entity.keyword ?? [])];
  const fields = edit
    ? screenFields.filter((f) => named.includes(f.name) || edit.fields.includes(f.name))
    : screenFields;
  const locked = edit ? fields.filter((f) => !edit.fields.includes(f.name)).map((f) => f.name) : screenLocked;
  const detail = useQuery({
    queryKey: [...crudKey(entity), 'detail', id],
    queryFn: async () => state.record ?? (await api.detail(id ?? '')),
    enabled: Boolean(id),
    gcTime: 0,
  });
  const save = useMutation({
    mutationFn: (formValues: Record<string, unknown>) => {
      const values = sentValues(fields, formValues);
      if (edit && state.edit) return api.edit(state.edit, { ...editValues(edit, values), id });
      const row = mode === 'edit' ? { ...values, id } : { ...preset, ...values };
      return write ? write(row) : api.submit(row);
    },
    onSuccess: () => {
      void message.success(t(mode === 'add' ? 'common.addSuccess' : 'common.updateSuccess'));
      onSaved();
    },
    // Server refusals were toasted by the interceptor; only a lost connection is left to say.
    onError: (error) => {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    },
  });

  const readOnly = mode === 'view';
  const loading = Boolean(id) && detail.isPending;
  const span = width >= TWO_COLUMNS_FROM ? 12 : 24;
  const lines = edit ? [] : Object.entries(entity.lines ?? {});
  const initialLines = Object.fromEntries(
    lines.map(([key, line]) => {
      const loaded = (detail.data?.[key] ?? []) as Array<Record<string, unknown>>;
      return [key, id ? loaded.map((record) => lineValues(line, record)) : []];
    }),
  );
  const initialValues = {
    ...(id ? recordValues(fields, detail.data ?? {}) : { ...defaultValues(fields), ...preset }),
    ...initialLines,
  };
  // A picked reference fills the fields that take their value from it (fillFrom); a failed read leaves them be.
  const fillFromPicked = (changed: Record<string, unknown>) => {
    for (const field of fields) {
      const from = field.fillFrom;
      const picked = from ? changed[from.ref] : undefined;
      const named = from && fields.find((f) => f.name === from.ref);
      if (!from || !named || typeof picked !== 'string' || !picked) continue;
      const current: unknown = form.getFieldValue(field.name);
      if (from.blankOnly && current !== undefined && current !== null && String(current).trim() !== '') continue;
      // A refBy reference reads the entity the form's choosing field names (a price's customer or supplier).
      const refField = named.refBy
        ? { ...named, ref: refTargetOf(named, form.getFieldValue(named.refBy.field) as unknown) }
        : named;
      void referencedRow(refField, picked)
        .then((row) => {
          if (form.getFieldValue(from.ref) === picked && row[from.field] !== undefined)
            form.setFieldValue(field.name, row[from.field]);
        })
        .catch(() => undefined);
    }
  };
  const submit = async () => {
    const values = await validated(form);
    if (values) save.mutate(values);
  };
  const title = edit
    ? edit.label[lang]
    : t(mode === 'add' ? 'common.add' : mode === 'edit' ? 'common.edit' : 'common.view');

  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={title}
      width={width}
      mask={{ closable: false }}
      destroyOnHidden
      loading={loading}
      onCancel={onClose}
      footer={
        readOnly
          ? [
              id && <ChangeHistoryButton key="history" entity={entity} id={id} lang={lang} />,
              <Button key="close" onClick={onClose}>
                {t('common.close')}
              </Button>,
            ]
          : [
              mode !== 'add' && id && <ChangeHistoryButton key="history" entity={entity} id={id} lang={lang} />,
              <Button key="cancel" onClick={onClose}>
                {t('common.cancel')}
              </Button>,
              <Button
                key="ok"
                type="primary"
                loading={save.isPending}
                disabled={loading || detail.isError}
                onClick={() => void submit()}
              >
                {t(mode === 'add' ? 'common.save' : 'common.edit')}
              </Button>,
            ]
      }
    >
      {!loading && !detail.isError && (
        <Form
          form={form}
          name={formName}
          onValuesChange={readOnly ? undefined : fillFromPicked}
          layout="horizontal"
          labelCol={{ flex: lang === 'en' ? '150px' : '110px' }}
          labelWrap
          wrapperCol={{ flex: 1 }}
          initialValues={initialValues}
          disabled={readOnly}
          className={readOnly ? 'tenon-crud-form is-view' : 'tenon-crud-form'}
        >
          <Row gutter={16}>
            {fields.map((field) => (
              <Col key={field.name} span={isWide(field) ? 24 : span}>
                <Form.Item
                  name={field.name}
                  label={field.label[lang]}
                  rules={readOnly ? [] : rulesOf(field, lang, t, id ? initialValues[field.name] : undefined)}
                  dependencies={dependenciesOf(field)}
                  validateTrigger={validateTriggerOf(field)}
                  {...wireValueProps(field)}
                >
                  {controls?.[field.name] ? (
                    controls[field.name](readOnly || locked.includes(field.name))
                  ) : field.enteredWhen ? (
                    <EnteredWhenControl
                      field={field}
                      lang={lang}
                      form={form}
                      disabled={readOnly || locked.includes(field.name)}
                    />
                  ) : (
                    <FieldControl
                      field={field}
                      lang={lang}
                      disabled={readOnly || locked.includes(field.name) || (mode !== 'add' && Boolean(field.fixed))}
                      recordId={id}
                    />
                  )}
                </Form.Item>
              </Col>
            ))}
          </Row>
          {extra?.(form, mode, id)}
          {lines.map(([key, line]) => (
            <div key={key} className="tenon-crud-lines">
              <div className="tenon-crud-lines-title">{line.label[lang]}</div>
              <LinesTable name={key} line={line} lang={lang} readOnly={readOnly} />
            </div>
          ))}
        </Form>
      )}
    </Modal>
  );
}

/**
 * A field the server works out unless another field holds one of its `enteredWhen` values (an asset's depreciation
 * under the accelerated methods): read-only until then. Form.Item's value and onChange pass through.
 */
function EnteredWhenControl({
  form,
  disabled,
  ...props
}: Parameters<typeof FieldControl>[0] & { form: FormInstance<Record<string, unknown>> }) {
  const rule = props.field.enteredWhen!;
  const chosen = Form.useWatch(rule.field, form);
  const entered = rule.values.some((value) => String(value) === String(chosen ?? ''));
  return <FieldControl {...props} disabled={disabled || !entered} />;
}
