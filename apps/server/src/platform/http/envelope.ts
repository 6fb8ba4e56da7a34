import { translate, type ErrorKey } from '@property/domain';

/** Where an envelope keeps the key of its message, to be rendered in the call's language (see locale.ts). */
export const MESSAGE_KEY: unique symbol = Symbol('message key');

/** The envelope every answer but the token endpoint's travels in: { code, success, data, msg }. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T | null;
  msg: string;
  [MESSAGE_KEY]?: ErrorKey;
}

/** The success envelope, its message in Chinese (the default) with its key beside it. */
function success<T>(code: number, ok: boolean, data: T | null, key: ErrorKey): Envelope<T> {
  return { code, success: ok, data, msg: translate('zh', key), [MESSAGE_KEY]: key };
}

export function data<T>(value: T): Envelope<T> {
  const empty = value === null || value === undefined;
  return success(200, true, empty ? null : value, empty ? 'noData' : 'ok');
}

/** Answer of submit/remove style calls: a bare success flag. */
export function status(ok: boolean): Envelope<null> {
  return success(ok ? 200 : 400, ok, null, ok ? 'ok' : 'failed');
}

/** A refusal, its message already in the call's language. */
export function failure(code: number, msg: string, value: unknown = null): Envelope<unknown> {
  return { code, success: false, data: value, msg };
}
