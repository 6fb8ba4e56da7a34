import { ossEntity } from '@property/domain';
import { describe, expect, it } from 'vitest';
import { columnsOf } from '../src/crud/columns';
import { formColumns } from '../src/crud/CrudDialogs';
import { isPicture, readableSize, storageKindOf } from '../src/modules/resource/files';

describe('stored files as 附件管理 shows them', () => {
  it('gives sizes in B, KB and MB', () => {
    expect(readableSize(0)).toBe('0 B');
    expect(readableSize('1023')).toBe('1023 B');
    expect(readableSize(1024)).toBe('1.0 KB');
    expect(readableSize(1536)).toBe('1.5 KB');
    expect(readableSize(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(readableSize(null)).toBe('');
    expect(readableSize('x')).toBe('');
  });

  it('names the storage of a file from its storage column', () => {
    expect(storageKindOf('oss:12')).toBe('oss');
    expect(storageKindOf('database')).toBe('database');
    expect(storageKindOf('disk')).toBe('disk');
    expect(storageKindOf(null)).toBe('disk');
  });

  it('previews only the pictures a browser shows', () => {
    expect(isPicture('image/png')).toBe(true);
    expect(isPicture('image/jpeg')).toBe(true);
    expect(isPicture('application/pdf')).toBe(false);
    expect(isPicture('image/svg+xml')).toBe(false);
  });
});

describe('secret fields in the add and edit dialogs', () => {
  const columns = columnsOf(ossEntity, 'zh');
  const secret = (adding: boolean) => formColumns(columns, adding, '不修改请留空').find((c) => c.dataIndex === 'secretKey')!;

  it('asks for the secret when adding, with its rule, never filled in by the browser', () => {
    const column = secret(true);
    expect(column.fieldProps).toMatchObject({ autoComplete: 'new-password' });
    expect((column.formItemProps as { rules: { required?: boolean }[] }).rules.some((r) => r.required)).toBe(true);
  });

  it('offers it empty and optional when editing: left empty, the stored one stays', () => {
    const column = secret(false);
    expect(column.fieldProps).toMatchObject({ autoComplete: 'new-password', placeholder: '不修改请留空' });
    expect(column.formItemProps).toEqual({ rules: [] });
    // Every other field keeps its rules.
    const endpoint = formColumns(columns, false, '').find((c) => c.dataIndex === 'endpoint')!;
    expect((endpoint.formItemProps as { rules: { required?: boolean }[] }).rules.some((r) => r.required)).toBe(true);
  });
});
