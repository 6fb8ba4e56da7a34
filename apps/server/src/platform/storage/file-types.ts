/**
 * Which files may be uploaded: by extension, and only when the content's
 * first bytes are really of that kind (a renamed script or page is refused).
 * SVG and HTML are left out on purpose: a browser runs scripts inside them.
 */
interface FileType {
  contentType: string;
  /** True when the content starts like a file of this type. */
  matches(bytes: Buffer): boolean;
}

const startsWith = (bytes: Buffer, ...signature: number[]) => signature.every((b, i) => bytes[i] === b);
const ascii = (bytes: Buffer, at: number, text: string) => bytes.subarray(at, at + text.length).toString('latin1') === text;

const ZIP = (b: Buffer) => startsWith(b, 0x50, 0x4b, 0x03, 0x04);
/** The compound file of old Office documents (.doc, .xls). */
const OLE = (b: Buffer) => startsWith(b, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const JPEG = (b: Buffer) => startsWith(b, 0xff, 0xd8, 0xff);

const TYPES: Record<string, FileType> = {
  jpg: { contentType: 'image/jpeg', matches: JPEG },
  jpeg: { contentType: 'image/jpeg', matches: JPEG },
  png: { contentType: 'image/png', matches: (b) => startsWith(b, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  gif: { contentType: 'image/gif', matches: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  webp: { contentType: 'image/webp', matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  pdf: { contentType: 'application/pdf', matches: (b) => ascii(b, 0, '%PDF-') },
  doc: { contentType: 'application/msword', matches: OLE },
  xls: { contentType: 'application/vnd.ms-excel', matches: OLE },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: ZIP },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: ZIP },
  mp4: { contentType: 'video/mp4', matches: (b) => ascii(b, 4, 'ftyp') },
};

export const ALLOWED_EXTENSIONS = Object.keys(TYPES);

/** The lower-case extension of a name ("" when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The content type of an allowed file, or undefined when its name or content is not on the list. */
export function contentTypeOf(name: string, bytes: Buffer): string | undefined {
  const type = TYPES[extensionOf(name)];
  return type && type.matches(bytes) ? type.contentType : undefined;
}

/**
 * The name a user gave, fit to keep and show: only its last path segment
 * (no "../", no folders from either kind of slash), without control
 * characters, at most 100 characters with the extension kept.
 */
export function cleanFileName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = last.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim();
  name = name.replace(/^\.+/, '');
  if (name.length > 100) {
    const ext = extensionOf(name);
    name = `${name.slice(0, 100 - ext.length - 1)}.${ext}`;
  }
  return name || 'file';
}
