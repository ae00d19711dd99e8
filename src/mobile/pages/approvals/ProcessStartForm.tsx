import { useState } from 'react';
import { Button, DotLoading, Input, List, Selector, Switch, Toast } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
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
  const problemOf = (field: FormField): string | undefined => {
    const label = field.name || field.id;
    const value = values[field.variable];
    if (isBlank(value)) return field.required && field.writable ? t('flowForm.required', { name: label }) : undefined;
    return convertField(field, value).problem ? label : undefined;
  };
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
  const control = (field: FormField) => {
    const label = field.name || field.id;
    const value = values[field.variable];
    const disabled = !field.writable;
    if (field.type === 'boolean')
      return (
        <Field key={field.variable} label={label} error={errors[field.variable]}>
          <Switch
            aria-label={label}
            disabled={disabled}
            checked={value === true || value === 'true'}
            onChange={(on) => set(field, on)}
          />
        </Field>
      );
    if (field.type === 'enum')
      return (
        <Field key={field.variable} label={label} error={errors[field.variable]}>
          <Selector
            aria-label={label}
            disabled={disabled}
            options={field.options.map((o) => ({ value: o.id, label: o.name || o.id }))}
            value={isBlank(value) ? [] : [String(value)]}
            onChange={(picked) => set(field, picked[0])}
          />
        </Field>
      );
    return (
      <Field key={field.variable} label={label} error={errors[field.variable]}>
        <Input
          aria-label={label}
          disabled={disabled}
          type={field.type === 'date' ? 'date' : 'text'}
          inputMode={field.type === 'long' ? 'numeric' : field.type === 'double' ? 'decimal' : undefined}
          value={isBlank(value) ? '' : String(value)}
          onChange={(text) => set(field, text)}
          clearable={field.type !== 'date'}
        />
      </Field>
    );
  };
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
