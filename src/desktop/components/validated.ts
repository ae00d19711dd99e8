import type { FormInstance } from 'antd';

/** How many validations a save may lose to newer ones before it gives up (a field that keeps changing). */
const TRIES = 5;

/**
 * The form's values once every rule passes, else undefined: antd shows the errors under their fields. A validation
 * that a newer one overtook (a field changed while the rules ran: a picked 物料分类 filling 物料类型 after the click on
 * 保存) is rejected by the form as `outOfDate`, with no error to show; it is run again, or the click would be lost
 * without a word.
 */
export async function validated<T>(form: FormInstance<T>): Promise<T | undefined> {
  for (let i = 0; i < TRIES; i++) {
    try {
      return await form.validateFields();
    } catch (error) {
      const { outOfDate, errorFields } = (error ?? {}) as { outOfDate?: boolean; errorFields?: unknown[] };
      if (!outOfDate || (errorFields?.length ?? 0) > 0) return undefined;
    }
  }
  return undefined;
}
