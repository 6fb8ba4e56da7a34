import { describe, expect, it } from 'vitest';
import { quote } from './names';

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
