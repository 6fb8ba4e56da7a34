import { describe, expect, it } from 'vitest';
import { matchesPattern } from './path-pattern';

describe('API scope path patterns', () => {
  it.each([
    ['/api/blade-system/user/**', '/api/blade-system/user', true],
    ['/api/blade-system/user/**', '/api/blade-system/user/', true],
    ['/api/blade-system/user/**', '/api/blade-system/user/page', true],
    ['/api/blade-system/user/**', '/api/blade-system/user/a/b/c', true],
    ['/api/blade-system/user/**', '/api/blade-system/users', false],
    ['/api/blade-system/user/**', '/api/blade-system/userpage', false],
    ['/api/blade-system/user/**', '/api/blade-system/role/user/page', false],
    ['/api/blade-system/user/*', '/api/blade-system/user/page', true],
    ['/api/blade-system/user/*', '/api/blade-system/user/a/b', false],
    ['/api/blade-system/*/list', '/api/blade-system/post/list', true],
    ['/api/blade-system/*/list', '/api/blade-system/post/x/list', false],
    ['/api/blade-system/*/list', '/api/blade-system/post/lists', false],
    ['/api/**/list', '/api/a/b/list', true],
    ['/api/**/list', '/api/a/list', true],
    ['/api/**/list', '/api/list', true],
    ['/api/**/list', '/api/alist', false],
    ['/api/**/list', '/api/a/list/x', false],
    ['/api/**/list', '/api/a/b/detail', false],
    ['/api/blade-system/a**', '/api/blade-system/ab', true],
    ['/api/blade-system/a**', '/api/blade-system/a/b', false],
    ['/api/blade-system/param/list', '/api/blade-system/param/list', true],
    ['/api/blade-system/param/list', '/api/blade-system/param/list2', false],
    ['/api/blade-system/param/list', '/x/api/blade-system/param/list', false],
    ['/api/blade-system/param/list', '/api/blade-system/param/list?size=10', true],
    ['/api/blade-system/param/list', '/api/blade-system/param?x=/api/blade-system/param/list', false],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(matchesPattern(pattern, path)).toBe(expected);
  });

  it('takes the characters of a pattern literally, apart from the stars', () => {
    expect(matchesPattern('/api/a.b/list', '/api/a.b/list')).toBe(true);
    expect(matchesPattern('/api/a.b/list', '/api/aXb/list')).toBe(false);
    expect(matchesPattern('/api/a+b/(x)/[y]/list', '/api/a+b/(x)/[y]/list')).toBe(true);
    expect(matchesPattern('/api/a+b/list', '/api/aab/list')).toBe(false);
    expect(matchesPattern('/api/a?/list', '/api/a/list')).toBe(false);
    expect(matchesPattern('/api/a|/b', '/b')).toBe(false);
    expect(matchesPattern('/api/$x^/list', '/api/$x^/list')).toBe(true);
    expect(matchesPattern('/api/a\\d/list', '/api/a1/list')).toBe(false);
    expect(matchesPattern('/api/{a}/list', '/api/{a}/list')).toBe(true);
  });

  it('answers the same for a pattern seen before', () => {
    expect(matchesPattern('/api/c/*', '/api/c/x')).toBe(true);
    expect(matchesPattern('/api/c/*', '/api/c/x/y')).toBe(false);
    expect(matchesPattern('/api/c/*', '/api/c/y')).toBe(true);
  });
});
