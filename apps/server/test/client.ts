/** A small HTTP client for tests: real fetch against a real server. */
import { md5Hex } from '../src/platform/auth/password';
import { CLIENT_BASIC } from './harness';

export interface Answer<T = any> {
  status: number;
  body: T;
}

export class ApiClient {
  token?: string;
  constructor(readonly baseUrl: string) {}

  async call<T = any>(
    method: string,
    path: string,
    options: { query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Answer<T>> {
    const url = new URL(`/api${path}`, this.baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { Authorization: CLIENT_BASIC, ...options.headers };
    if (this.token) headers['Blade-Auth'] = `bearer ${this.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T };
  }

  get<T = any>(path: string, query?: Record<string, unknown>) {
    return this.call<T>('GET', path, { query });
  }
  post<T = any>(path: string, body?: unknown, query?: Record<string, unknown>) {
    return this.call<T>('POST', path, { body, query });
  }

  /** Password grant with the MD5 the console sends; keeps the token on success. */
  async signIn(account: string, password: string, tenantId = '000000', headers: Record<string, string> = {}) {
    const answer = await this.call('POST', '/blade-auth/oauth/token', {
      query: { tenantId, username: account, password: md5Hex(password), grant_type: 'password', scope: 'all', type: 'account' },
      headers: { 'Tenant-Id': tenantId, ...headers },
    });
    if (answer.status === 200) this.token = answer.body.access_token;
    return answer;
  }
}
