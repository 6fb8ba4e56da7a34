import { APP } from './config';

/** Local storage under the configured prefix, each record as { dataType, content, type, datetime } (spec §3). */
export const storage = {
  get<T>(name: string): T | undefined {
    const raw = localStorage.getItem(APP.storagePrefix + name);
    if (!raw) return undefined;
    try {
      return (JSON.parse(raw) as { content: T }).content;
    } catch {
      return undefined;
    }
  },
  set(name: string, content: unknown): void {
    const record = { dataType: typeof content, content, type: 'local', datetime: Date.now() };
    localStorage.setItem(APP.storagePrefix + name, JSON.stringify(record));
  },
  remove(name: string): void {
    localStorage.removeItem(APP.storagePrefix + name);
  },
};

/** Tokens live in cookies, as the spec says (§9). */
export const cookies = {
  get(name: string): string | undefined {
    const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
    return found ? decodeURIComponent(found.slice(name.length + 1)) : undefined;
  },
  set(name: string, value: string): void {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict`;
  },
  remove(name: string): void {
    document.cookie = `${name}=; path=/; max-age=0`;
  },
};
