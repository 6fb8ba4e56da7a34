/**
 * Ant-style path patterns as API scopes write them: `*` one segment's worth of
 * characters, `**` any number of segments. `/api/blade-system/user/**` guards
 * every user call.
 */
export function matchesPattern(pattern: string, path: string): boolean {
  const cleanPath = path.split('?')[0];
  return compile(pattern).test(cleanPath);
}

const compiled = new Map<string, RegExp>();

function compile(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    const body = pattern
      .split('**')
      .map((part) => part.split('*').map(escape).join('[^/]*'))
      .join('.*');
    regex = new RegExp(`^${body.replace(/\/\.\*$/, '(/.*)?')}$`);
    compiled.set(pattern, regex);
  }
  return regex;
}

function escape(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
