import type { Uploaded } from '../app/answers';
import { api } from '../app/http';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const IMAGE_MAX_BYTES = 500 * 1024;

/** Whether a file may be an image field's value: jpg or png, at most 500kb (spec §5); answers the problem, if any. */
export function imageProblem(file: { type: string; size: number }): 'type' | 'size' | undefined {
  if (!IMAGE_TYPES.includes(file.type)) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return undefined;
}

/** Uploads one file to object storage (multipart field `file`) and answers the stored file's link. */
export async function uploadFile(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await api.post<Uploaded>('/blade-resource/oss/endpoint/put-file', form);
  return answer.link;
}

/**
 * Fields holding an image link, recognised by name (the definitions carry no
 * image flag): the dialog gives them an upload button instead of a text box.
 */
export const IMAGE_FIELD = /(avatar|image|img|pic|picture|cover|photo|backgroundUrl)$/i;
