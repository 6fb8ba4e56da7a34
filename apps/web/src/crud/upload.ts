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

export interface Crop {
  width: number;
  height: number;
  /** JPEG quality, 0 to 1. */
  quality: number;
}

/** The picture cut to the crop's size (scaled to cover it, centred) as a JPEG of the crop's quality. */
export async function cropImage(file: File, crop: Crop): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = crop.width;
  canvas.height = crop.height;
  const scale = Math.max(crop.width / bitmap.width, crop.height / bitmap.height);
  const [w, h] = [bitmap.width * scale, bitmap.height * scale];
  canvas.getContext('2d')?.drawImage(bitmap, (crop.width - w) / 2, (crop.height - h) / 2, w, h);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', crop.quality));
  if (!blob) return file;
  return new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' });
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
