/** A file's size as people read it: bytes below 1 KB, then KB and MB with one decimal (1,024 to the step). */
export function readableSize(bytes: unknown): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n < 0 || bytes === null || bytes === undefined || bytes === '') return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** What a stored file's `storage` says, for the words that name it: the server's own disk or database, or a bucket. */
export type StorageKind = 'disk' | 'database' | 'oss';

export function storageKindOf(storage: unknown): StorageKind {
  const value = String(storage ?? '');
  if (value.startsWith('oss:')) return 'oss';
  return value === 'database' ? 'database' : 'disk';
}

/** Whether a file can be shown as a picture in the browser. */
export const isPicture = (contentType: unknown) => /^image\/(png|jpeg|gif|webp)$/.test(String(contentType ?? ''));
