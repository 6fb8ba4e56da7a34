import type { EnvelopeOf, PageOf } from '@property/domain';
import { APP } from './config';
import { consoleStyles } from './console-styles';
import i18n, { requestLocale } from './i18n';
import { session } from './session';

/** The envelope every call but the token endpoint answers, and a page: the API contract's own types (packages/domain). */
export type Envelope<T> = EnvelopeOf<T>;
export type Page<T> = PageOf<T>;

export class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  /** Leave the client's Basic header off (spec §6: owner, house and family calls). */
  noClientHeader?: boolean;
  /** Codes answered without an error toast. */
  quietCodes?: number[];
  /** How long to wait for the answer before giving up (default: spec §9's request timeout). */
  timeoutMs?: number;
}

let onUnauthorized: () => void = () => undefined;

/**
 * GET calls started before the code that makes them has loaded (prefetchGet), by their address: the
 * first request() for the same address takes the answer on its way instead of asking again.
 */
const early = new Map<string, { at: number; response: Promise<Response>; data?: unknown }>();
/** An early answer older than this is not taken: the screen that wanted it did not open. */
const EARLY_KEPT_MS = 10_000;
// Asked for in one session, never shown in the next (a sign-out, or a 401, then another sign-in in this tab).
session.subscribe(() => {
  if (!session.token()) early.clear();
});

/** The error toast; antd's message (and its styles) load with the first one, not with the sign-in page. */
const toastError = (text: string) =>
  void Promise.all([import('antd/es/message'), import('@ant-design/v5-patch-for-react-19'), consoleStyles()]).then(([m]) =>
    m.default.error(text),
  );
/** The router registers how to go back to /login on a 401. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

const basic = () => `Basic ${btoa(`${APP.clientId}:${APP.clientSecret}`)}`;

/** The server answers its messages in the language the console shows. */
const ACCEPT_LANGUAGE = { zh: 'zh-CN', en: 'en' } as const;

/**
 * The client's Basic header (unless left off), the session's bearer token and the console's
 * language: for calls made without request() too, e.g. file downloads and uploads with progress.
 */
export function authHeaders(noClientHeader = false): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': ACCEPT_LANGUAGE[requestLocale()] };
  if (!noClientHeader) headers.Authorization = basic();
  const token = session.token();
  if (token) headers[APP.tokenHeader] = `bearer ${token}`;
  return headers;
}

/**
 * Every call of the console. Reads the answer as the spec says (§8): the code
 * from `code` or the HTTP status, the message from `msg` or
 * `error_description`, 未知错误 (common.unknownError) when neither; anything but 200 is an error
 * toast and a rejection; 401 also signs out.
 */
function callUrl(path: string, params: Record<string, unknown> = {}): URL {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url;
}

/**
 * Starts a GET now for a screen still loading (the first page of the list a signed-in start opens),
 * so its data does not wait for its code. The screen's own call for the same address takes it.
 */
export function prefetchGet(path: string, params?: Record<string, unknown>): void {
  const url = callUrl(path, params);
  const signal = AbortSignal.timeout(APP.requestTimeoutMs);
  const response = fetch(url, { method: 'GET', headers: authHeaders(), credentials: 'include', signal });
  // Untaken, a failure is nobody's error; taken, request() reports it as its own.
  response.catch(() => undefined);
  const entry: { at: number; response: Promise<Response>; data?: unknown } = { at: Date.now(), response };
  early.set(url.href, entry);
  // Read as it arrives (a copy: the taker reads the answer itself), so a screen can show it on its first render.
  void response
    .then((r) => (r.ok ? r.clone().json() : undefined))
    .then((answer: Partial<Envelope<unknown>> | undefined) => {
      if (answer && Number(answer.code) === 200) entry.data = answer.data;
    })
    .catch(() => undefined);
}

/**
 * The data of an early answer (prefetchGet) to this GET that has arrived and succeeded, if any: a screen's
 * first render can show it at once. The call itself is still the screen's to make, and takes that answer.
 */
export function earlyData<T>(path: string, params?: Record<string, unknown>): T | undefined {
  const entry = early.get(callUrl(path, params).href);
  return entry && Date.now() - entry.at < EARLY_KEPT_MS ? (entry.data as T | undefined) : undefined;
}

function takeEarly(href: string): Promise<Response> | undefined {
  const entry = early.get(href);
  early.delete(href);
  return entry && Date.now() - entry.at < EARLY_KEPT_MS ? entry.response : undefined;
}

export async function request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<T> {
  const url = callUrl(path, options.params);
  const headers: Record<string, string> = { ...options.headers, ...authHeaders(options.noClientHeader) };
  let body: BodyInit | undefined;
  if (options.data instanceof FormData) body = options.data;
  else if (options.data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.data);
  }
  let response: Response;
  try {
    const signal = AbortSignal.timeout(options.timeoutMs ?? APP.requestTimeoutMs);
    const started = method === 'GET' && !options.headers && !options.noClientHeader ? takeEarly(url.href) : undefined;
    response = await (started ?? fetch(url, { method, headers, body, credentials: 'include', signal }));
  } catch (error) {
    // No answer (network down, or the time-out passed): the call rejects, as network errors do (spec §8).
    throw new RequestError(0, (error as Error).message);
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const code = Number(answer.code ?? response.status);
  if (code !== 200) {
    const text = String(answer.msg || answer.error_description || i18n.t('common.unknownError'));
    if (code === 401) {
      session.signOut();
      onUnauthorized();
    }
    if (!options.quietCodes?.includes(code)) toastError(text);
    throw new RequestError(code, text);
  }
  return answer as T;
}

export const api = {
  get: <T>(path: string, params?: Record<string, unknown>, options: RequestOptions = {}) =>
    request<Envelope<T>>('GET', path, { ...options, params }).then((a) => a.data),
  post: <T>(path: string, data?: unknown, params?: Record<string, unknown>, options: RequestOptions = {}) =>
    request<Envelope<T>>('POST', path, { ...options, data, params }).then((a) => a.data),
};
