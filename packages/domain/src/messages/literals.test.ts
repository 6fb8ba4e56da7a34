import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every sentence a person reads is a key in packages/domain/src/messages:
 * code holds no Chinese text of its own. Han characters in a string, a
 * template or JSX text are reported as file:line; comments are not code and
 * are not looked at.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const HAN = /\p{Script=Han}/u;

/** Where the words are data, not messages: each allowed place and why. */
const ALLOWED = [
  // Seeded rows (dictionaries, menus, regions, the demo company) are data people edit, in Chinese like any row.
  'apps/server/src/seed/',
  // Names the product gives to rows it makes (N单元), plate provinces, resident kinds, the import template's example row.
  'packages/domain/src/entities/data-names.ts',
];

/** Source files under `dir` (tests excluded: they assert the words the messages hold). */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.split(sep).join('/')}`)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

/** "file:line text" for each literal or JSX text holding a Han character. */
function hanLiterals(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${file}:${line} ${node.getText(source).trim().slice(0, 60)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isTemplateExpression(node)) {
      // A template is one literal: its fixed parts together, reported once; its expressions are code.
      if (HAN.test(node.head.text + node.templateSpans.map((span) => span.literal.text).join(''))) report(node);
      for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node);
    if (literal && HAN.test(node.text)) report(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function scan(dir: string): string[] {
  return sources(dir)
    .filter((file) => !ALLOWED.some((place) => file.startsWith(place)))
    .flatMap((file) => hanLiterals(file, readFileSync(join(ROOT, file), 'utf8')));
}

describe('no message written in code', () => {
  it('finds Han text in strings, templates and JSX, never in comments', () => {
    const sample = [
      '// 注释不算',
      "const a = '请输入';",
      'const b = `第${n}行`;',
      '/* 也不算 */ const c = <b>确定</b>;',
      "const d = 'plain';",
    ].join('\n');
    expect(hanLiterals('sample.tsx', sample).map((f) => f.split(' ')[0])).toEqual([
      'sample.tsx:2',
      'sample.tsx:3',
      'sample.tsx:4',
    ]);
  });

  it('has none in the server (seed data apart)', () => {
    expect(scan('apps/server/src')).toEqual([]);
  });

  it('has none in the entity definitions (their words are message keys; data words in data-names.ts)', () => {
    expect(scan('packages/domain/src/entities')).toEqual([]);
  });

  it('has none in the console (its words are in packages/domain/src/messages too)', () => {
    expect(scan('apps/web/src')).toEqual([]);
  });

  it('allows only places that exist (a moved file must not leave a hole behind)', () => {
    for (const place of ALLOWED) expect(existsSync(join(ROOT, place)), place).toBe(true);
  });
});
