import type { FormInstance } from 'antd';

type NamePath = Parameters<FormInstance['scrollToField']>[0];

/**
 * After a save the form refused, focus goes to the first field in error (its message is read with it), as
 * antd does for forms submitted through their own button (App.tsx sets `scrollToFirstError` for every form);
 * this is for dialogs that call validateFields themselves.
 */
export function focusFirstError(form: FormInstance, error: unknown): void {
  const first = (error as { errorFields?: Array<{ name: NamePath }> } | null)?.errorFields?.[0];
  if (first) form.scrollToField(first.name, { focus: true, block: 'nearest' });
}
