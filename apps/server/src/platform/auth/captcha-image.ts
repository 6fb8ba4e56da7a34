/**
 * Login captcha as a small PNG, built with Node built-ins only so the server needs no native
 * image library. The picture is deliberately crude: a hand-drawn 5x7 font, jitter and noise are
 * enough to stop casual scripts while staying legible to people.
 */
import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** No 0/O, 1/I/l: users mistype those. Exactly 32 characters. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Each glyph is 7 rows of 5 bits, most significant bit on the left. */
const FONT: Record<string, readonly number[]> = {
  A: [0x0e, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11],
  B: [0x1e, 0x11, 0x11, 0x1e, 0x11, 0x11, 0x1e],
  C: [0x0e, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0e],
  D: [0x1c, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1c],
  E: [0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x1f],
  F: [0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x10],
  G: [0x0e, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0f],
  H: [0x11, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11],
  J: [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0c],
  K: [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
  L: [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1f],
  M: [0x11, 0x1b, 0x15, 0x15, 0x11, 0x11, 0x11],
  N: [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
  P: [0x1e, 0x11, 0x11, 0x1e, 0x10, 0x10, 0x10],
  Q: [0x0e, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0d],
  R: [0x1e, 0x11, 0x11, 0x1e, 0x14, 0x12, 0x11],
  S: [0x0f, 0x10, 0x10, 0x0e, 0x01, 0x01, 0x1e],
  T: [0x1f, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
  U: [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e],
  V: [0x11, 0x11, 0x11, 0x11, 0x11, 0x0a, 0x04],
  W: [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0a],
  X: [0x11, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x11],
  Y: [0x11, 0x11, 0x0a, 0x04, 0x04, 0x04, 0x04],
  Z: [0x1f, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1f],
  2: [0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f],
  3: [0x1f, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0e],
  4: [0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02],
  5: [0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e],
  6: [0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e],
  7: [0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
  8: [0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e],
  9: [0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c],
};
const GLYPH_W = 5;
const GLYPH_H = 7;
const SCALE = 3;

export function randomCaptchaText(length = 5): string {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

type Rgb = readonly [number, number, number];

/** An RGB canvas; writes outside it are ignored so jittered glyphs and lines can overhang. */
class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    for (let i = 0; i < this.pixels.length; i += 3) this.pixels.set(background, i);
  }
  set(x: number, y: number, colour: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.pixels.set(colour, (y * this.width + x) * 3);
  }
  /** Bresenham; one pixel wide is enough to break naive thresholding without hiding glyphs. */
  line(x0: number, y0: number, x1: number, y1: number, colour: Rgb): void {
    const dx = Math.abs(x1 - x0),
      sx = x0 < x1 ? 1 : -1;
    const dy = -Math.abs(y1 - y0),
      sy = y0 < y1 ? 1 : -1;
    let err = dx + dy;
    for (;;) {
      this.set(x0, y0, colour);
      if (x0 === x1 && y0 === y1) return;
      const e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        x0 += sx;
      }
      if (e2 <= dx) {
        err += dx;
        y0 += sy;
      }
    }
  }
}

/** Random colour with every channel in [low, high); dark for text, mid-tone for noise. */
function randomColour(low: number, high: number): Rgb {
  return [randomInt(low, high), randomInt(low, high), randomInt(low, high)];
}

function drawGlyph(canvas: Canvas, glyph: readonly number[], left: number, top: number, colour: Rgb): void {
  for (let row = 0; row < GLYPH_H; row++) {
    for (let col = 0; col < GLYPH_W; col++) {
      if (!((glyph[row] >> (GLYPH_W - 1 - col)) & 1)) continue;
      for (let dy = 0; dy < SCALE; dy++) {
        for (let dx = 0; dx < SCALE; dx++) canvas.set(left + col * SCALE + dx, top + row * SCALE + dy, colour);
      }
    }
  }
}

export function renderCaptchaPng(text: string, opts: { width?: number; height?: number } = {}): Buffer {
  const width = opts.width ?? 130;
  const height = opts.height ?? 48;
  const canvas = new Canvas(width, height, randomColour(236, 252));

  // Noise lines go under the text so the characters stay readable on top of them.
  for (let i = 0; i < 4; i++) {
    const colour = randomColour(140, 210);
    canvas.line(randomInt(width), randomInt(height), randomInt(width), randomInt(height), colour);
  }

  const slot = width / Math.max(text.length, 1);
  const glyphW = GLYPH_W * SCALE;
  const glyphH = GLYPH_H * SCALE;
  const maxShift = Math.max(0, Math.min(6, Math.floor((height - glyphH) / 2)));
  [...text.toUpperCase()].forEach((char, i) => {
    const glyph = FONT[char];
    if (!glyph) throw new Error(`captcha font has no glyph for ${JSON.stringify(char)}`);
    const left = Math.round(i * slot + (slot - glyphW) / 2) + randomInt(-2, 3);
    const top = Math.round((height - glyphH) / 2) + randomInt(-maxShift, maxShift + 1);
    drawGlyph(canvas, glyph, left, top, randomColour(20, 120));
  });

  // Speckles over everything, plus one more line across the text.
  const dots = Math.round((width * height) / 80);
  for (let i = 0; i < dots; i++) canvas.set(randomInt(width), randomInt(height), randomColour(60, 220));
  canvas.line(0, randomInt(height), width - 1, randomInt(height), randomColour(100, 180));

  return encodePng(width, height, canvas.pixels);
}

export function captchaDataUrl(text: string): string {
  return `data:image/png;base64,${renderCaptchaPng(text).toString('base64')}`;
}

// ---- PNG encoding -------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** CRC-32 (IEEE, reflected polynomial 0xEDB88320), the checksum PNG chunks carry. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** length, type, data, CRC over type+data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per channel
  ihdr[9] = 2; // colour type: truecolour RGB
  // bytes 10-12 stay 0: deflate compression, adaptive filtering, no interlace

  // Every scanline uses filter 0 (None): simplest, and deflate copes well with flat backgrounds.
  const stride = width * 3;
  const raw = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);

  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]);
}
