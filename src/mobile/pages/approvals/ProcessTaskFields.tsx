import { useEffect, useMemo, useState } from 'react';
import { List } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { fetchTaskForm, type FormField } from '../../../client/api/flow-forms.ts';
import { isBlank } from '../../../shared/flow/form-fields.ts';
import { FormFieldControl, fieldProblem } from './ProcessStartForm.tsx';

/** What a task form gives its decision: the writable fields' values, or undefined while one would be refused. */
export type TaskVariables = () => Record<string, unknown> | undefined;

/**
 * The fields a 通用流程 task's model declares for its handler (read-only where it says so), with the instance's
 * current values. `onReady` hands the decision a reader of the values that shows what is missing.
 */
export function ProcessTaskFields({ taskId, onReady }: { taskId: string; onReady: (read: TaskVariables) => void }) {
  const form = useQuery({ queryKey: ['mobile', 'flow', 'task-form', taskId], queryFn: () => fetchTaskForm(taskId) });
  const fields: FormField[] = useMemo(() => form.data?.fields ?? [], [form.data]);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  useEffect(() => {
    if (form.data) setValues(Object.fromEntries(form.data.fields.map((f) => [f.variable, f.value])));
  }, [form.data]);
  useEffect(() => {
    onReady(() => {
      const found = Object.fromEntries(
        fields.flatMap((f) => {
          const problem = fieldProblem(f, values[f.variable]);
          return problem ? [[f.variable, problem]] : [];
        }),
      );
      setErrors(found);
      if (Object.keys(found).length) return undefined;
      return Object.fromEntries(
        fields.filter((f) => f.writable && !isBlank(values[f.variable])).map((f) => [f.variable, values[f.variable]]),
      );
    });
  }, [fields, values, onReady]);
  if (!fields.length) return null;
  return (
    <List mode="card" className="m-form" header={form.data?.taskName}>
      {fields.map((field) => (
        <FormFieldControl
          key={field.variable}
          field={field}
          value={values[field.variable]}
          error={errors[field.variable]}
          onChange={(value) => {
            setValues((current) => ({ ...current, [field.variable]: value }));
            setErrors((current) => ({ ...current, [field.variable]: undefined }));
          }}
        />
      ))}
    </List>
  );
}
