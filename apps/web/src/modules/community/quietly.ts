import { RequestError } from '../../app/http';

/** What antd's validateFields rejects with: the form already shows each field's message. */
const isValidationError = (error: unknown) => !!error && typeof error === 'object' && 'errorFields' in error;

/**
 * Runs a dialog's save. A form that does not validate shows its messages and
 * a refused call has shown the server's toast, so neither is an error of the
 * page (the error log records only unexpected ones).
 */
export async function quietly(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (error instanceof RequestError || isValidationError(error)) return;
    throw error;
  }
}
