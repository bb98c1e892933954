import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../src/lib/redirect';

describe('safeNextPath', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeNextPath('/repositories/r/objects?ref=main&path=a%2F')).toBe('/repositories/r/objects?ref=main&path=a%2F');
    expect(safeNextPath('/')).toBe('/');
  });

  it('refuses anything that could leave the origin', () => {
    for (const next of ['https://evil.example.com', '//evil.example.com', '/\\evil.example.com', 'javascript:alert(1)', 'relative', '/a\nb', '', null, undefined]) {
      expect(safeNextPath(next)).toBe('/');
    }
  });

  it('does not send the user back to the login page', () => {
    expect(safeNextPath('/auth/login?redirected=true')).toBe('/');
    expect(safeNextPath('/auth/login')).toBe('/');
    expect(safeNextPath('/auth/users')).toBe('/auth/users');
  });
});
