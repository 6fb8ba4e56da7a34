/**
 * The rows and cases of the list-filter tests, shared by the HTTP suite
 * (crud-rules.test.ts) and the one on the database (list-filters.test.ts):
 * each case has rows it must return and rows a wrong rule would return.
 */

/** Parameter keys that tell "contains", "starts with" and "ends with" apart, and LIKE's wildcards from text. */
export const FILTER_KEYS = ['fx.abc', 'fx.abcd', 'fx.xabc', 'fx.ABC', 'fx.a%c', 'fx.a_c', 'fx.a\\c', 'fx.q'];
/** The value and remark of the i-th key: odd and even values, the first two without a remark. */
export const filterValue = (i: number) => (i % 2 === 0 ? 'even' : 'odd');
export const filterRemark = (i: number) => (i < 2 ? null : `r${i}`);
/** Create times either side of each date boundary the cases use (the other rows' times are outside them). */
export const FILTER_TIMES: Record<string, string> = {
  'fx.abc': '2024-01-01 10:00:00',
  'fx.abcd': '2024-01-02 00:00:00',
  'fx.xabc': '2024-01-02 23:59:59',
  'fx.ABC': '2024-01-03 00:00:00',
};
/** Post sort values: numbers compare as numbers ('10' < '3' as text). Post fx-10 has category 1, the others 4. */
export const FILTER_SORTS = [1, 2, 3, 10];

const contains = ['fx.abc', 'fx.abcd', 'fx.xabc', 'fx.ABC'];
const all = FILTER_KEYS;
const except = (...keys: string[]) => FILTER_KEYS.filter((k) => !keys.includes(k));

/** [what, query, the parameter keys it must return] */
export const KEY_CASES: Array<[string, Record<string, unknown>, string[]]> = [
  ['like: contains, any case', { paramKey_like: 'abc' }, contains],
  ['a bare text key: like', { paramKey: 'abc' }, contains],
  ['a column name as key', { param_key: 'abc' }, contains],
  ['likeright: starts with', { paramKey_likeright: 'fx.ab' }, ['fx.abc', 'fx.abcd', 'fx.ABC']],
  ['likeright: not what only contains it', { paramKey_likeright: 'abc' }, []],
  ['likeleft: ends with', { paramKey_likeleft: 'abc' }, ['fx.abc', 'fx.xabc', 'fx.ABC']],
  ['likeleft: not what only contains it', { paramKey_likeleft: 'fx.' }, []],
  ['notlike', { paramKey_notlike: 'abc' }, except(...contains)],
  ['% is text', { paramKey_like: '%' }, ['fx.a%c']],
  ['% is text inside a value', { paramKey_like: 'a%c' }, ['fx.a%c']],
  ['_ is text', { paramKey_like: '_' }, ['fx.a_c']],
  ['_ is text inside a value', { paramKey_like: 'a_c' }, ['fx.a_c']],
  ['\\ is text', { paramKey_like: '\\' }, ['fx.a\\c']],
  ['\\ is text inside a value', { paramKey_like: 'a\\c' }, ['fx.a\\c']],
  ['likeleft escapes too', { paramKey_likeleft: '%c' }, ['fx.a%c']],
  ['likeright escapes too', { paramKey_likeright: 'fx.a_' }, ['fx.a_c']],
  ['notlike escapes too', { paramKey_notlike: '_' }, except('fx.a_c')],
  ['equal: the whole value', { paramKey_equal: 'fx.abc' }, ['fx.abc']],
  ['notequal', { paramKey_notequal: 'fx.abc' }, except('fx.abc')],
  ['equal on another field', { paramValue_equal: 'odd' }, FILTER_KEYS.filter((_, i) => filterValue(i) === 'odd')],
  ['the suffix in any case', { paramKey_EQUAL: 'fx.q' }, ['fx.q']],
  ['null, whatever its value', { remark_null: 'x' }, ['fx.abc', 'fx.abcd']],
  ['null', { remark_null: '' }, ['fx.abc', 'fx.abcd']],
  ['notnull', { remark_notnull: '' }, except('fx.abc', 'fx.abcd')],
  ['ignore', { paramKey_ignore: 'fx.abc' }, all],
  ['an empty value', { paramKey_equal: '', remark: '' }, all],
  ['reserved keys', { _t: '123', searchCount: 'true' }, all],
];

/** [operator, value, the post sort values it must return] */
export const SORT_CASES: Array<[string, number, number[]]> = [
  ['', 1, [1]], // a bare number key means equal, not contains (10)
  ['_equal', 3, [3]],
  ['_notequal', 3, [1, 2, 10]],
  ['_gt', 2, [3, 10]],
  ['_ge', 2, [2, 3, 10]],
  ['_lt', 3, [1, 2]],
  ['_le', 3, [1, 2, 3]],
];

/** [operator, value, the dated keys it must return] */
export const DATE_CASES: Array<[string, string, string[]]> = [
  ['datege', '2024-01-02 00:00:00', ['fx.abcd', 'fx.xabc', 'fx.ABC']],
  ['dategt', '2024-01-02 00:00:00', ['fx.xabc', 'fx.ABC']],
  ['datele', '2024-01-02 00:00:00', ['fx.abc', 'fx.abcd']],
  ['datelt', '2024-01-02 00:00:00', ['fx.abc']],
  ['dateequal', '2024-01-02 12:00:00', ['fx.abcd', 'fx.xabc']],
  ['dateequal', '2024-01-02', ['fx.abcd', 'fx.xabc']],
];
