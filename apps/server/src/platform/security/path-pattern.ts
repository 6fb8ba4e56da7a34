// Ant-style path patterns as API scopes write them: `*` one segment's worth of
// characters, a `**` segment any number of segments, none included:
// /api/blade-system/user/** guards every user call (and /api/blade-system/user
// itself), /api/**/list every list (and /api/list).
export function matchesPattern(pattern: string, path: string): boolean {
  const cleanPath = path.split('?')[0];
  return compile(pattern).test(cleanPath);
}

const compiled = new Map<string, RegExp>();

function compile(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  // Stryker disable next-line ConditionalExpression: compiling again each time is slower, not different.
  if (!regex) {
    const body = pattern
      .split('/')
      .map((segment, i) => (segment === '**' ? '(/.*)?' : `${i > 0 ? '/' : ''}${segment.split('*').map(escape).join('[^/]*')}`))
      .join('');
    regex = new RegExp(`^${body}$`);
    // Stryker disable next-line all: the cache of compiled patterns, not a rule.
    compiled.set(pattern, regex);
  }
  return regex;
}

function escape(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
