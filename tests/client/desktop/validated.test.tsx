// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { validated } from '../../../src/desktop/components/validated.ts';

/**
 * A dialog's save validates its form; a validation that another overtook (a field changed while an asynchronous rule
 * ran) is rejected by the form as out of date, with no error to show. `validated` runs it again instead of dropping
 * the click (the lost 保存 of desktop-bom.spec.ts).
 */
interface Values {
  code: string;
  type?: string;
}

/** A form whose 编码 rule waits for `check` (a server round trip), and its instance. */
function renderForm() {
  let checks: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let instance: FormInstance<Values> | undefined;
  function Dialog() {
    const [form] = Form.useForm<Values>();
    instance = form;
    return (
      <Form form={form} initialValues={{ code: 'M-01' }}>
        <Form.Item
          name="code"
          label="编码"
          rules={[{ validator: () => new Promise<void>((resolve, reject) => checks.push({ resolve, reject })) }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="type" label="物料类型">
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<Dialog />);
  return {
    form: instance!,
    /** The pending 编码 checks pass. */
    pass: () => {
      const passing = checks;
      checks = [];
      for (const check of passing) check.resolve();
    },
    /** The pending 编码 checks refuse it. */
    refuse: () => {
      const refusing = checks;
      checks = [];
      for (const check of refusing) check.reject(new Error('编码已存在'));
    },
    pending: () => checks.length,
  };
}

/** Settles promises and the form's own timers until `done` holds. */
async function until(done: () => boolean) {
  await expect.poll(done).toBe(true);
}

describe('validated', () => {
  it('the form itself drops a validation that a newer one overtook', async () => {
    const { form, pass, pending } = renderForm();
    await screen.findByLabelText('编码');
    const save = form.validateFields().then(
      () => 'saved',
      (error: { outOfDate?: boolean; errorFields: unknown[] }) => ({ ...error, values: undefined }),
    );
    await until(() => pending() === 1);
    // A field set meanwhile, validated on its own (as a change is): the save's validation is overtaken.
    form.setFieldsValue({ type: '原材料' });
    void form.validateFields(['type']);
    pass();
    expect(await save).toEqual({ outOfDate: true, errorFields: [], values: undefined });
  });

  it('runs an overtaken validation again and gives the values', async () => {
    const { form, pass, pending } = renderForm();
    await screen.findByLabelText('编码');
    const save = validated(form);
    await until(() => pending() === 1);
    form.setFieldsValue({ type: '原材料' });
    void form.validateFields(['type']);
    pass();
    // The second run checks 编码 again.
    await until(() => pending() === 1);
    pass();
    expect(await save).toEqual({ code: 'M-01', type: '原材料' });
  });

  it('gives nothing when a rule refuses, its message under the field', async () => {
    const { form, refuse, pending } = renderForm();
    await screen.findByLabelText('编码');
    const save = validated(form);
    await until(() => pending() === 1);
    refuse();
    expect(await save).toBeUndefined();
    expect(await screen.findByText('编码已存在')).toBeTruthy();
    expect(pending()).toBe(0);
  });
});
