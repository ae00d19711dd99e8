import { useState } from 'react';
import { Button, DotLoading, Input, List, Selector, Switch, Toast } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { fetchStartForm, startProcess, type FormField } from '../../../client/api/flow-forms.ts';
import '../../../client/flow-forms-i18n.ts';
import { convertField, defaultOf, isBlank } from '../../../shared/flow/form-fields.ts';
import { Field } from '../../components/Field.tsx';
import { APPROVAL_PATHS, routeValue } from '../../paths.ts';
import { useRefreshAfterAction } from './approval-queries.ts';

/**
 * Starting a process of no business form (通用流程) from the phone: the fields its model's start event declares
 * (shared/flow/form-fields.ts), checked here as the server checks them; the server's answer is final. A `formKey`
 * naming a Tenon request form goes to that form.
 */
export function ProcessStartForm() {
  const processDefinitionId = routeValue(useParams().processDefinitionId);
  const form = useQuery({
    queryKey: ['mobile', 'flow', 'start-form', processDefinitionId],
    queryFn: () => fetchStartForm(processDefinitionId),
  });
  if (form.data?.business)
    return <Navigate to={APPROVAL_PATHS.form(form.data.business, processDefinitionId)} replace />;
  if (!form.data)
    return (
      <div className="m-page">
        <DotLoading />
      </div>
    );
  return <StartFields processDefinitionId={processDefinitionId} name={form.data.name} fields={form.data.fields} />;
}

type Values = Record<string, unknown>;

function StartFields({
  processDefinitionId,
  name,
  fields,
}: {
  processDefinitionId: string;
  name: string;
  fields: FormField[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshAfterAction();
  const shown = fields.filter((field) => field.readable);
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(shown.map((field) => [field.variable, defaultOf(field)])),
  );
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [sending, setSending] = useState(false);
  const set = (field: FormField, value: unknown) => {
    setValues((current) => ({ ...current, [field.variable]: value }));
    setErrors((current) => ({ ...current, [field.variable]: undefined }));
  };
  const problemOf = (field: FormField) => fieldProblem(field, values[field.variable]);
  const submit = async () => {
    const found = Object.fromEntries(
      shown.flatMap((field) => (problemOf(field) ? [[field.variable, problemOf(field)]] : [])),
    );
    setErrors(found);
    if (Object.keys(found).length) return;
    const variables = Object.fromEntries(
      shown.filter((f) => f.writable && !isBlank(values[f.variable])).map((f) => [f.variable, values[f.variable]]),
    );
    setSending(true);
    try {
      await startProcess(processDefinitionId, variables);
      Toast.show({ icon: 'success', content: t('flowForm.started') });
      void refresh({});
      navigate(APPROVAL_PATHS.tab('mine'), { replace: true });
    } catch {
      // The interceptor toasts the server's refusal (naming the field).
    } finally {
      setSending(false);
    }
  };
  const control = (field: FormField) => (
    <FormFieldControl
      key={field.variable}
      field={field}
      value={values[field.variable]}
      error={errors[field.variable]}
      onChange={(value) => set(field, value)}
    />
  );
  return (
    <form
      className="m-form-page"
      noValidate
      aria-label={t('flowForm.startTitle', { name })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <List mode="card" className="m-form" header={name}>
        {shown.length ? shown.map(control) : <List.Item>{t('flowForm.noFields')}</List.Item>}
      </List>
      <div className="m-section">
        <Button block type="submit" color="primary" size="large" loading={sending}>
          {t('flowForm.start')}
        </Button>
      </div>
    </form>
  );
}

/** Why a field's value would be refused (required and blank, or not its type), in the user's words. */
export function fieldProblem(field: FormField, value: unknown): string | undefined {
  const label = field.name || field.id;
  if (!field.writable) return undefined;
  if (isBlank(value)) return field.required ? i18next.t('flowForm.required', { name: label }) : undefined;
  return convertField(field, value).problem ? label : undefined;
}

/** One field of a process form: a switch, a choice of its options, a date, a number or a text. */
export function FormFieldControl({
  field,
  value,
  error,
  onChange,
}: {
  field: FormField;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
}) {
  const label = field.name || field.id;
  const disabled = !field.writable;
  if (field.type === 'boolean')
    return (
      <Field label={label} error={error}>
        <Switch
          aria-label={label}
          disabled={disabled}
          checked={value === true || value === 'true'}
          onChange={onChange}
        />
      </Field>
    );
  if (field.type === 'enum')
    return (
      <Field label={label} error={error}>
        <Selector
          aria-label={label}
          disabled={disabled}
          options={field.options.map((o) => ({ value: o.id, label: o.name || o.id }))}
          value={isBlank(value) ? [] : [String(value)]}
          onChange={(picked) => onChange(picked[0])}
        />
      </Field>
    );
  return (
    <Field label={label} error={error}>
      <Input
        aria-label={label}
        disabled={disabled}
        type={field.type === 'date' ? 'date' : 'text'}
        inputMode={field.type === 'long' ? 'numeric' : field.type === 'double' ? 'decimal' : undefined}
        value={isBlank(value) ? '' : String(value)}
        onChange={onChange}
        clearable={field.type !== 'date'}
      />
    </Field>
  );
}
