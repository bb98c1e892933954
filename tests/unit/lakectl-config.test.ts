import { describe, expect, it } from 'vitest';
import { lakectlConfig, lakectlConfigHref } from '../../src/lib/lakectl-config';

describe('lakectl config', () => {
  it('holds the credentials and the API endpoint of this origin', () => {
    const text = lakectlConfig({ access_key_id: 'AKIA', secret_access_key: 'a:b#c' }, 'https://lake.example.com');
    expect(text).toBe(
      [
        'credentials:',
        '  access_key_id: "AKIA"',
        '  secret_access_key: "a:b#c"',
        'server:',
        '  endpoint_url: "https://lake.example.com/api/v1"',
        '',
      ].join('\n'),
    );
  });

  it('makes a downloadable data address', () => {
    expect(lakectlConfigHref('a: 1\n')).toBe('data:application/yaml;charset=utf-8,a%3A%201%0A');
  });
});
