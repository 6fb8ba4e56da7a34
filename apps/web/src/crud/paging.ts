import { PAGE_DEPTH_LIMIT, type Locale, type PageOf } from '@property/domain';
import type { Translate } from '../app/i18n';

/** Rows on a list's first page when the address does not say (spec: 10 a page). */
export const FIRST_PAGE_SIZE = 10;

/** A list answer's total as the pager shows it: exact, or an estimate above the exact-count limit. */
export interface ListTotal {
  total: number;
  exact: boolean;
}

export const listTotalOf = (page: PageOf<unknown>): ListTotal => ({ total: page.total, exact: page.totalExact !== false });

/**
 * The total the table's pager is given. An estimated total is cut at the
 * depth pages are reached to (the server refuses deeper jumps), so the pager
 * offers only pages that can be opened; the text says how many there are.
 */
export const pagerTotal = (answer: ListTotal): number => (answer.exact ? answer.total : Math.min(answer.total, PAGE_DEPTH_LIMIT));

/** "第 1-10 条/总共 72 条", or "第 1-10 条/约 1,234,567 条,可翻阅前 10,000 条" for an estimate. */
export function totalText(t: Translate, locale: Locale, answer: ListTotal, range: [number, number]): string {
  const number = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'zh-CN');
  return t(answer.exact ? 'common.pageRange' : 'common.pageRangeAbout', {
    from: number.format(range[0]),
    to: number.format(range[1]),
    total: number.format(answer.total),
    limit: number.format(PAGE_DEPTH_LIMIT),
  });
}
