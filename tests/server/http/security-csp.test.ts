// Defect 6 of the security review (the CSP half): the console's HTML had no Content-Security-Policy, so markup that
// slipped into a page could run scripts or send data anywhere. Its pages now allow only the console's own code.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  writeFileSync(join(server.consoleDir, 'index.html'), '<!doctype html><title>Tarn</title><script type="module" src="/app.js"></script>');
  writeFileSync(join(server.consoleDir, 'app.js'), 'console.log(1)');
});
afterAll(async () => {
  await server.close();
});

function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name, sources);
  }
  return parsed;
}

const expected: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'object-src': ['blob:'],
  'frame-src': ['blob:'],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

describe('defect 6: the console HTML carries a Content-Security-Policy', () => {
  for (const [label, path, method] of [
    ['index.html', '/', 'GET'],
    ['index.html by name', '/index.html', 'GET'],
    ['the SPA fallback of a deep link', '/repositories/demo/objects?ref=main', 'GET'],
    ['a HEAD of the fallback', '/auth/login', 'HEAD'],
  ] as const) {
    it(`on ${label}`, async () => {
      const res = await fetch(`${server.url}${path}`, { method });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(Object.fromEntries(directives(res.headers.get('content-security-policy')))).toEqual(expected);
    });
  }

  it('allows no inline or evaluated script', async () => {
    const res = await fetch(`${server.url}/`);
    await res.arrayBuffer();
    const script = directives(res.headers.get('content-security-policy')).get('script-src') ?? [];
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(script).not.toContain('blob:');
    expect(script).not.toContain('data:');
  });

  it('lets the SQL preview compile WebAssembly and start its worker from the console’s own files, and nothing else', async () => {
    const res = await fetch(`${server.url}/repositories/demo/object?path=lakes.parquet`);
    await res.arrayBuffer();
    const policy = directives(res.headers.get('content-security-policy'));
    expect(policy.get('script-src')).toContain("'wasm-unsafe-eval'");
    // DuckDB-WASM's worker script and modules are served by Tarn, and it reads objects from Tarn: no CDN, no
    // extension site, no worker made from a blob or data address.
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it("allows the page's own inline script by its hash, and no other", async () => {
    const preload = 'document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload" }));';
    writeFileSync(join(server.consoleDir, 'index.html'), `<!doctype html><script>${preload}</script><script type="module" src="/app.js"></script>`);
    try {
      const res = await fetch(`${server.url}/repositories/demo/objects`);
      await res.arrayBuffer();
      const script = directives(res.headers.get('content-security-policy')).get('script-src') ?? [];
      const hash = createHash('sha256').update(preload).digest('base64');
      expect(script).toEqual(["'self'", "'wasm-unsafe-eval'", `'sha256-${hash}'`]);
    } finally {
      writeFileSync(join(server.consoleDir, 'index.html'), '<!doctype html><title>Tarn</title><script type="module" src="/app.js"></script>');
    }
  });
});
