import { describe, it, expect } from 'vitest';
import { crc32 as zlibCrc32, inflateSync } from 'node:zlib';
import { CAPTCHA_ALPHABET, captchaDataUrl, crc32, randomCaptchaText, renderCaptchaPng } from './captcha-image';

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
  typeAndData: Buffer;
}

/** A minimal PNG chunk reader, enough to check what the encoder wrote. */
function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    chunks.push({
      type: typeAndData.subarray(0, 4).toString('ascii'),
      data: typeAndData.subarray(4),
      crc: png.readUInt32BE(at + 8 + length),
      typeAndData,
    });
    at += 12 + length;
  }
  return chunks;
}

describe('randomCaptchaText', () => {
  it('has five characters from the unambiguous alphabet by default', () => {
    for (let i = 0; i < 200; i++) {
      const text = randomCaptchaText();
      expect(text).toMatch(/^[A-Z2-9]{5}$/);
      for (const char of text) expect(CAPTCHA_ALPHABET).toContain(char);
      expect(text).not.toMatch(/[0O1Il]/);
    }
  });

  it('honours the length', () => {
    expect(randomCaptchaText(8)).toHaveLength(8);
  });
});

describe('renderCaptchaPng', () => {
  it('writes the signature and the IHDR, IDAT, IEND chunks in order', () => {
    const png = renderCaptchaPng('AB3CD');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(readChunks(png).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  });

  it('describes a 130x48 8-bit RGB image by default, and honours options', () => {
    const [ihdr] = readChunks(renderCaptchaPng('AB3CD'));
    expect(ihdr.data.readUInt32BE(0)).toBe(130);
    expect(ihdr.data.readUInt32BE(4)).toBe(48);
    expect([...ihdr.data.subarray(8)]).toEqual([8, 2, 0, 0, 0]);

    const [custom] = readChunks(renderCaptchaPng('XY', { width: 60, height: 30 }));
    expect(custom.data.readUInt32BE(0)).toBe(60);
    expect(custom.data.readUInt32BE(4)).toBe(30);
  });

  it('carries a correct CRC on every chunk', () => {
    for (const c of readChunks(renderCaptchaPng('HJK49'))) {
      expect(c.crc).toBe(crc32(c.typeAndData));
      expect(c.crc).toBe(zlibCrc32(c.typeAndData)); // independent implementation
    }
  });

  it('inflates to unfiltered scanlines of the right size with drawn text', () => {
    const width = 130;
    const height = 48;
    const idat = readChunks(renderCaptchaPng('MW8QZ')).find((c) => c.type === 'IDAT')!;
    const raw = inflateSync(idat.data);
    expect(raw.length).toBe(height * (1 + width * 3));
    let dark = 0;
    for (let y = 0; y < height; y++) {
      const row = y * (1 + width * 3);
      expect(raw[row]).toBe(0);
      for (let x = 0; x < width; x++) {
        const p = row + 1 + x * 3;
        if (raw[p] < 120 && raw[p + 1] < 120 && raw[p + 2] < 120) dark++;
      }
    }
    // Five glyphs at 3x scale cover hundreds of pixels; noise alone would not.
    expect(dark).toBeGreaterThan(300);
  });

  it('differs between two renders of the same text', () => {
    expect(renderCaptchaPng('PQRST').equals(renderCaptchaPng('PQRST'))).toBe(false);
  });

  it('draws lower-case input and rejects characters outside the font', () => {
    expect(() => renderCaptchaPng('abcde')).not.toThrow();
    expect(() => renderCaptchaPng('AB0CD')).toThrow(/glyph/);
  });

  it('draws every character of the alphabet', () => {
    expect(() => renderCaptchaPng(CAPTCHA_ALPHABET, { width: 32 * 18, height: 48 })).not.toThrow();
  });
});

describe('crc32 and captchaDataUrl', () => {
  it('matches the well-known check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('wraps the PNG in a data URL', () => {
    const url = captchaDataUrl('AB3CD');
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  });
});
