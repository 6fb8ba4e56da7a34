import { storage } from './storage';

/** A local error log entry (spec §3): type, message, stack, info, url, time. */
export interface ErrorLogEntry {
  type: string;
  message: string;
  stack: string;
  info: string;
  url: string;
  time: string;
}

const KEY = 'errorLog';

export function errorLog(): ErrorLogEntry[] {
  return storage.get<ErrorLogEntry[]>(KEY) ?? [];
}

export function recordError(type: string, error: unknown, info: string): void {
  const entry: ErrorLogEntry = {
    type,
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? (error.stack ?? '') : '',
    info,
    url: window.location.href,
    time: new Date().toLocaleString(),
  };
  storage.set(KEY, [entry, ...errorLog()].slice(0, 500));
}

export function clearErrorLog(): void {
  storage.remove(KEY);
}

/** The header badge caps at 99 (spec §9). */
export function badgeCount(count: number, max = 99): string {
  return count > max ? `${max}+` : String(count);
}
