import type { Static } from '@property/domain';
import { PropertyFileRow } from '@property/domain';
import { api } from '../../app/http';

/** Largest video the editor takes (spec §9); the server checks it again. */
export const VIDEO_MAX_BYTES = 52_428_800;
/** Largest image or document the server takes. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
const EDITOR_IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const PHOTO_TYPES = ['image/jpeg', 'image/png'];

export type Problem = 'type' | 'size';

/** What is wrong with a file for the editor (image or video) or a photo field, if anything. */
export function editorImageProblem(file: { type: string; size: number }): Problem | undefined {
  if (!EDITOR_IMAGES.includes(file.type)) return 'type';
  return file.size > FILE_MAX_BYTES ? 'size' : undefined;
}
export function videoProblem(file: { type: string; size: number }): Problem | undefined {
  if (file.type !== 'video/mp4') return 'type';
  return file.size > VIDEO_MAX_BYTES ? 'size' : undefined;
}
export function photoProblem(file: { type: string; size: number }): Problem | undefined {
  if (!PHOTO_TYPES.includes(file.type)) return 'type';
  return file.size > FILE_MAX_BYTES ? 'size' : undefined;
}

/** Uploads a file through `system-property/file/upload` (checked by content there) and answers its link. */
export async function uploadServiceFile(file: File, bucketName: string): Promise<string> {
  const form = new FormData();
  // The bucket before the file: the server reads the fields that precede it.
  form.append('bucketName', bucketName);
  form.append('file', file);
  const row = await api.post<Static<typeof PropertyFileRow>>('/system-property/file/upload', form);
  return String(row.link);
}

/** The links of a comma-separated value. */
export const linksOf = (value: unknown): string[] =>
  String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
