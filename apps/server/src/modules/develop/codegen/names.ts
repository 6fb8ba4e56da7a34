/** How generated code names things, and writes strings, in this codebase's style (Prettier: single quotes). */

export const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Words of a camelCase or kebab/snake name. */
const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

/** gardenNotice → garden-notice (file names). */
export const kebab = (name: string) => words(name).join('-');
/** demo-notice → demoNotice (identifiers from module names). */
export const camelOf = (name: string) => lowerFirst(words(name).map(upperFirst).join(''));
/** demo-notice → DemoNotice. */
export const pascalOf = (name: string) => upperFirst(camelOf(name));
/** demo-notice → DEMO_NOTICE (constants). */
export const upperSnake = (name: string) => words(name).join('_').toUpperCase();
/** publishDate → Publish date (an English label until someone writes a better one). */
export const humanize = (name: string) => upperFirst(words(name).join(' '));

/**
 * A character a literal cannot hold as it is: a control character (a column comment may hold a CR or a tab), or
 * U+2028 and U+2029, which would end the line the literal is on.
 */
const isUnwritable = (c: string) => c.charCodeAt(0) < 0x20 || c === '\u2028' || c === '\u2029';

/** A string literal as Prettier writes it: single quotes, unless the text holds more of them than double quotes. */
export function quote(text: string): string {
  const singles = (text.match(/'/g) ?? []).length;
  const doubles = (text.match(/"/g) ?? []).length;
  const mark = singles > doubles ? '"' : "'";
  const escaped = [...text.replace(/\\/g, '\\\\').replace(new RegExp(mark, 'g'), `\\${mark}`).replace(/\n/g, '\\n')]
    .map((c) => (isUnwritable(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c))
    .join('');
  return `${mark}${escaped}${mark}`;
}

/** An object key as Prettier leaves it: bare when it is an identifier. */
export const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));

/** Prettier's line width (.prettierrc.json). */
export const WIDTH = 130;

/**
 * `head{ a, b }tail` on one line when it fits, else one item a line, as Prettier breaks an object
 * literal (or the object argument of a call); `brackets` '[]' for an array. `indent` is the first
 * line's indentation.
 */
export function objectText(indent: string, head: string, items: string[], tail: string, brackets = '{}'): string {
  const [open, close] = [brackets[0], brackets[1]];
  if (items.length === 0) return `${indent}${head}${open}${close}${tail}`;
  const pad = open === '{' ? ' ' : '';
  const line = `${indent}${head}${open}${pad}${items.join(', ')}${pad}${close}${tail}`;
  if (line.length <= WIDTH) return line;
  return [`${indent}${head}${open}`, ...items.map((p) => `${indent}  ${p},`), `${indent}${close}${tail}`].join('\n');
}

/**
 * A text as it may stand inside a generated comment (`/** … *\/` or an SQL `--` line): on one line, without the
 * `*\/` that would end the comment. Names and labels are typed by people: in a comment they must stay words.
 */
export const commentText = (text: string) =>
  [...text]
    .map((c) => (isUnwritable(c) ? ' ' : c))
    .join('')
    .replace(/\*\//g, '* /');
