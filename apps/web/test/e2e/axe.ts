/**
 * axe-core in the e2e page: injected once per document, run on the whole page (dialogs included), and the
 * serious and critical violations it finds described in one line each.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { animationsEnded } from './browser';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA plus axe's best practices: what issue 19 asked for. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The watermark's layer lies over every page (a 6 % grey pattern that lets clicks through): over it axe cannot
 * tell a text's background and leaves every contrast on the page unmeasured ("incomplete", no violation). It is
 * set aside while axe runs, by a style sheet (the console puts back a layer whose own style changes), so the texts are
 * measured against the backgrounds they are drawn on.
 */
const WITHOUT_WATERMARK = '.console-watermark-layer { display: none !important; }';

/** Runs axe on the page as it is now (or on the elements `within` selects); answers its serious and critical violations. */
export async function axeViolations(page: Page, within?: string): Promise<Violation[]> {
  // Evaluated through the browser's protocol rather than added as a <script>: the console's Content Security
  // Policy (script-src 'self') refuses inline scripts, and the test must not loosen it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // A dialog fading in or a list closing is measured half-drawn (colours mid-fade, names mid-change): axe looks
  // at the page once its animations have ended, as a person reads it.
  await animationsEnded(page);
  const found = await page.evaluate(
    async ([tags, css, scope]) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const aside = document.createElement('style');
      aside.textContent = css;
      document.head.append(aside);
      const result = await axe
        .run(scope ? { include: [scope] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .finally(() => aside.remove());
      return result.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
      }));
    },
    [TAGS, WITHOUT_WATERMARK, within ?? ''] as const,
  );
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One violation per line, for a test failure that says where to look. */
export const describeViolations = (where: string, violations: Violation[]): string[] =>
  violations.map((v) => `${where}: [${v.impact}] ${v.rule} (${v.help}) at ${v.targets.join(' | ')}`);
