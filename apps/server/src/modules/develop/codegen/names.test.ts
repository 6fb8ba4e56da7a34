import { describe, expect, it } from 'vitest';
import { commentText, quote } from './names';

/** What a generated literal means when the generated file is compiled: the text it was made from. */
const readBack = (literal: string) => new Function(`return ${literal};`)() as string;

describe('quote (string literals of generated code)', () => {
  it('reads back as the very text, whatever a column comment holds', () => {
    for (const text of [
      '公告标题',
      "it's",
      'say "hi"',
      `both ' and "" marks`,
      'back\\slash',
      'two\nlines',
      'carriage\rreturn',
      'crlf\r\nline',
      'tab\there',
      'line\u2028separator',
      'para\u2029graph',
      'nul\u0000char',
      '*/ closing a comment',
      '${not a template}',
    ]) {
      const literal = quote(text);
      expect(literal, JSON.stringify(text)).not.toMatch(/[\r\n\u2028\u2029]/);
      expect(readBack(literal), JSON.stringify(text)).toBe(text);
    }
  });

  it('writes single quotes as Prettier does, double when the text holds more single ones', () => {
    expect(quote('标题')).toBe("'标题'");
    expect(quote("it's")).toBe(`"it's"`);
  });
});

describe('commentText (people’s words inside generated comments)', () => {
  it('keeps a name on its comment’s line and never ends the comment', () => {
    const name = '公告\ndrop table blade_user; --\r*/ export const x = 1; /*\u2028';
    const text = commentText(name);
    expect(text).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(text).not.toContain('*/');
    expect(text).toBe('公告 drop table blade_user; -- * / export const x = 1; /* ');
    // As a comment of generated TypeScript, it stays a comment: the file still evaluates to nothing but undefined.
    expect(new Function(`/** ${text} */ // -- ${text}\nreturn undefined;`)()).toBeUndefined();
  });
});
