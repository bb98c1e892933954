import { createHash } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, ObjectErrorList, ObjectStats as Stats } from '../../../server/http/wire';
import { addUser, client, objectPath, startWithAdmin, type Client, type Page, type TestServer } from './harness';

let server: TestServer;
let api: Client;
let authorization = '';

beforeAll(async () => {
  ({ server, authorization, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: 'objs', storage_namespace: 'local://objs' })).status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('upload', () => {
  it('takes a multipart form with the content part, its type and x-lakefs-meta headers', async () => {
    const form = new FormData();
    form.append('other', 'ignored');
    form.append('content', new Blob(['hello, lake'], { type: 'text/plain' }), 'hello.txt');
    const res = await api.post<Stats>('/repositories/objs/branches/main/objects?path=docs/hello.txt', form, {
      'x-lakefs-meta-owner': 'data-team',
      'x-lakefs-meta-Purpose': 'test',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      path: 'docs/hello.txt',
      path_type: 'object',
      size_bytes: 11,
      content_type: 'text/plain',
      checksum: createHash('md5').update('hello, lake').digest('hex'),
      metadata: { owner: 'data-team', purpose: 'test' },
    });
    expect(res.body.physical_address).toMatch(/^local:\/\/objs\/data\//);
    const read = await api.get<string>(objectPath('objs', 'main', 'docs/hello.txt'));
    expect(read.body).toBe('hello, lake');
  });

  it('takes a raw body with its content type', async () => {
    const res = await api.upload<Stats>('objs', 'main', 'data/raw.json', '{"a":1}', { 'content-type': 'application/json' });
    expect(res.status).toBe(201);
    expect(res.body.content_type).toBe('application/json');
    const stat = await api.get<Stats>('/repositories/objs/refs/main/objects/stat?path=data/raw.json');
    expect(stat.body).toMatchObject({ path: 'data/raw.json', size_bytes: 7, content_type: 'application/json' });
  });

  it('streams a large body without corrupting it', async () => {
    const big = Buffer.alloc(24 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE(i * 2654435761 >>> 0, i);
    const form = new FormData();
    form.append('content', new Blob([big]), 'big.bin');
    const res = await api.post<Stats>('/repositories/objs/branches/main/objects?path=big.bin', form);
    expect(res.status).toBe(201);
    expect(res.body.size_bytes).toBe(big.length);
    expect(res.body.checksum).toBe(createHash('md5').update(big).digest('hex'));
    const back = Buffer.from(await (await api.raw(objectPath('objs', 'main', 'big.bin'))).arrayBuffer());
    expect(back.equals(big)).toBe(true);
  });

  it('If-None-Match: * refuses an existing path with 412', async () => {
    expect((await api.upload('objs', 'main', 'once.txt', 'first', { 'if-none-match': '*' })).status).toBe(201);
    const second = await api.upload<ErrorBody>('objs', 'main', 'once.txt', 'second', { 'if-none-match': '*' });
    expect(second.status).toBe(412);
    expect((await api.get<string>(objectPath('objs', 'main', 'once.txt'))).body).toBe('first');
    expect((await api.upload('objs', 'main', 'once.txt', 'x', { 'if-none-match': '"abc"' })).status).toBe(400);
  });

  it('refuses broken multipart bodies and missing paths with 400', async () => {
    const boundary = 'XyZ';
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="content"; filename="a"\r\n\r\npartial data`;
    const res = await api.post<ErrorBody>('/repositories/objs/branches/main/objects?path=broken.txt', truncated, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/multipart/);
    expect((await api.get(objectPath('objs', 'main', 'broken.txt'))).status).toBe(404);
    const noContent = `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--${boundary}--\r\n`;
    const missingPart = await api.post<ErrorBody>('/repositories/objs/branches/main/objects?path=p.txt', noContent, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(missingPart.status).toBe(400);
    expect(missingPart.body.message).toMatch(/content/);
    const noBoundary = await api.post('/repositories/objs/branches/main/objects?path=p.txt', 'x', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.status).toBe(400);
    const noPath = await api.post<ErrorBody>('/repositories/objs/branches/main/objects', 'x');
    expect(noPath.status).toBe(400);
    expect(noPath.body.message).toMatch(/path/);
    // Refused uploads leave no object data behind.
    const blocks = () => filesUnder(join(server.dataDir, 'blocks')).length;
    const before = blocks();
    expect((await api.upload('objs', 'no-branch', 'x.txt', 'x')).status).toBe(404);
    expect((await api.upload('objs', 'main', 'once.txt', 'x', { 'if-none-match': '*' })).status).toBe(412);
    expect(blocks()).toBe(before);
    expect((await api.upload('no-such-repo', 'main', 'x.txt', 'x')).status).toBe(404);
  });

  it('stores nothing when the client hangs up halfway through a body, and keeps serving', async () => {
    const { hostname, port } = new URL(server.url);
    for (const multipart of [false, true]) {
      const path = `aborted-${multipart}.bin`;
      const socket = connect(Number(port), hostname);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const head = multipart
        ? `--b\r\nContent-Disposition: form-data; name="content"\r\n\r\n`
        : '';
      socket.write(
        `POST /api/v1/repositories/objs/branches/main/objects?path=${path} HTTP/1.1\r\n` +
          `Host: ${hostname}\r\nAuthorization: ${authorization}\r\nContent-Length: 1000000\r\n` +
          `Content-Type: ${multipart ? 'multipart/form-data; boundary=b' : 'application/octet-stream'}\r\n\r\n${head}` +
          'x'.repeat(5000),
      );
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.destroy();
      await closed;
      // The next call on a fresh connection is answered normally, and the half-sent object does not exist.
      expect((await api.get(objectPath('objs', 'main', path))).status).toBe(404);
    }
  });

  it('stores any UTF-8 key, including traversal-looking ones, as a plain key inside the repository', async () => {
    const keys = ['../../etc/passwd', '/leading/slash', 'a/../../b', 'spaces and ünïcödé 🌊.txt', 'back\\slash', '..', 'x//y'];
    for (const key of keys) {
      const res = await api.upload<Stats>('objs', 'main', key, `content of ${key}`);
      expect(res.status, key).toBe(201);
      expect(res.body.path).toBe(key);
      expect(res.body.physical_address.startsWith('local://objs/data/')).toBe(true);
      expect((await api.get<string>(objectPath('objs', 'main', key))).body).toBe(`content of ${key}`);
    }
    const root = resolve(server.dataDir);
    for (const file of filesUnder(root)) {
      expect(resolve(file).startsWith(root)).toBe(true);
      expect(file).not.toMatch(/passwd/);
    }
    const listed = await api.get<Page<Stats>>(`/repositories/objs/refs/main/objects/ls?prefix=${encodeURIComponent('../')}`);
    expect(listed.body.results.map((r) => r.path)).toEqual(['../../etc/passwd']);
  });
});

describe('read', () => {
  beforeAll(async () => {
    await api.upload('objs', 'main', 'range.txt', '0123456789', { 'content-type': 'text/plain' });
  });

  it('answers GET with ETag, Content-Type, Content-Length and Last-Modified', async () => {
    const res = await api.raw(objectPath('objs', 'main', 'range.txt'));
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${createHash('md5').update('0123456789').digest('hex')}"`);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('content-length')).toBe('10');
    expect(new Date(res.headers.get('last-modified')!).getTime()).toBeGreaterThan(0);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('0123456789');
  });

  it('answers HEAD with the same headers and no body', async () => {
    const res = await api.raw(objectPath('objs', 'main', 'range.txt'), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('10');
    expect(await res.text()).toBe('');
    const missing = await api.raw(objectPath('objs', 'main', 'missing.txt'), { method: 'HEAD' });
    expect(missing.status).toBe(404);
  });

  it('serves byte ranges with 206 and refuses unsatisfiable ones with 416', async () => {
    const cases: Array<[string, string, string]> = [
      ['bytes=0-3', '0123', 'bytes 0-3/10'],
      ['bytes=7-', '789', 'bytes 7-9/10'],
      ['bytes=-2', '89', 'bytes 8-9/10'],
      ['bytes=5-100', '56789', 'bytes 5-9/10'],
    ];
    for (const [range, body, contentRange] of cases) {
      const res = await api.raw(objectPath('objs', 'main', 'range.txt'), { headers: { range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(contentRange);
      expect(res.headers.get('content-length')).toBe(String(body.length));
      expect(await res.text()).toBe(body);
    }
    const head = await api.raw(objectPath('objs', 'main', 'range.txt'), { method: 'HEAD', headers: { range: 'bytes=2-4' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('3');
    for (const range of ['bytes=10-', 'bytes=20-30', 'bytes=5-2', 'lines=1-2', 'bytes=abc']) {
      const res = await api.raw(objectPath('objs', 'main', 'range.txt'), { headers: { range } });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */10');
      expect((await res.json()).message.length).toBeGreaterThan(0);
    }
  });

  it('answers 304 when If-None-Match carries the current ETag', async () => {
    const first = await api.raw(objectPath('objs', 'main', 'range.txt'));
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await api.raw(objectPath('objs', 'main', 'range.txt'), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const other = await api.raw(objectPath('objs', 'main', 'range.txt'), { headers: { 'if-none-match': '"other"' } });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });

  it('answers 410 No data when the bytes of an object are gone from the block store', async () => {
    const stats = await api.upload<Stats>('objs', 'main', 'vanishing.txt', 'soon gone');
    const file = join(server.dataDir, 'blocks', stats.body.physical_address.slice('local://'.length));
    rmSync(file);
    const res = await api.get<ErrorBody>(objectPath('objs', 'main', 'vanishing.txt'));
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('No data');
  });

  it('stat honours user_metadata=false; missing objects are 404', async () => {
    await api.upload('objs', 'main', 'meta.txt', 'm', { 'x-lakefs-meta-k': 'v' });
    const withMeta = await api.get<Stats>('/repositories/objs/refs/main/objects/stat?path=meta.txt');
    expect(withMeta.body.metadata).toEqual({ k: 'v' });
    const without = await api.get<Stats>('/repositories/objs/refs/main/objects/stat?path=meta.txt&user_metadata=false');
    expect(without.body.metadata).toBeUndefined();
    const missing = await api.get<ErrorBody>('/repositories/objs/refs/main/objects/stat?path=nope');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('object not found');
    expect((await api.get('/repositories/objs/refs/main/objects/stat?path=meta.txt&user_metadata=maybe')).status).toBe(400);
    expect((await api.get('/repositories/objs/refs/main/objects/stat')).status).toBe(400);
    expect((await api.get('/repositories/objs/refs/no-ref/objects/stat?path=meta.txt')).status).toBe(404);
  });
});

describe('list', () => {
  beforeAll(async () => {
    expect((await api.post('/repositories', { name: 'listing', storage_namespace: 'local://listing' })).status).toBe(201);
    for (const path of ['a/1.txt', 'a/2.txt', 'a/deep/3.txt', 'b/4.txt', 'c.txt', 'd.txt']) await api.upload('listing', 'main', path, path);
  });

  it('lists with a delimiter as objects and common prefixes', async () => {
    const res = await api.get<Page<Stats>>('/repositories/listing/refs/main/objects/ls?delimiter=/');
    expect(res.body.results.map((r) => `${r.path_type}:${r.path}`)).toEqual([
      'common_prefix:a/',
      'common_prefix:b/',
      'object:c.txt',
      'object:d.txt',
    ]);
    const inside = await api.get<Page<Stats>>('/repositories/listing/refs/main/objects/ls?delimiter=/&prefix=a/');
    expect(inside.body.results.map((r) => r.path)).toEqual(['a/1.txt', 'a/2.txt', 'a/deep/']);
  });

  it('pages with after and amount, flat', async () => {
    const first = await api.get<Page<Stats>>('/repositories/listing/refs/main/objects/ls?amount=2');
    expect(first.body.results.map((r) => r.path)).toEqual(['a/1.txt', 'a/2.txt']);
    expect(first.body.pagination).toEqual({ has_more: true, next_offset: 'a/2.txt', results: 2, max_per_page: 1000 });
    const next = await api.get<Page<Stats>>('/repositories/listing/refs/main/objects/ls?amount=2&after=a/2.txt');
    expect(next.body.results.map((r) => r.path)).toEqual(['a/deep/3.txt', 'b/4.txt']);
    const noMeta = await api.get<Page<Stats>>('/repositories/listing/refs/main/objects/ls?user_metadata=false');
    expect(noMeta.body.results[0]?.metadata).toBeUndefined();
  });
});

describe('delete', () => {
  beforeAll(async () => {
    for (const path of ['del/1', 'del/2', 'del/3']) await api.upload('objs', 'main', path, path);
  });

  it('deletes one object; deleting an absent one is not an error', async () => {
    expect((await api.delete('/repositories/objs/branches/main/objects?path=del/1')).status).toBe(204);
    expect((await api.get(objectPath('objs', 'main', 'del/1'))).status).toBe(404);
    expect((await api.delete('/repositories/objs/branches/main/objects?path=never-there')).status).toBe(204);
    expect((await api.delete('/repositories/objs/branches/main/objects')).status).toBe(400);
  });

  it('deletes in bulk, at most 1000 paths', async () => {
    const res = await api.post<ObjectErrorList>('/repositories/objs/branches/main/objects/delete', { paths: ['del/2', 'del/3'] });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([]);
    expect((await api.get(objectPath('objs', 'main', 'del/2'))).status).toBe(404);
    const tooMany = await api.post<ErrorBody>('/repositories/objs/branches/main/objects/delete', {
      paths: Array.from({ length: 1001 }, (_, i) => `p${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/1000/);
    expect((await api.post('/repositories/objs/branches/main/objects/delete', { paths: 'del/2' })).status).toBe(400);
  });

  it('authorises each path of a bulk delete on its own: a refused one is reported with 401, the others go', async () => {
    await api.upload('objs', 'main', 'mine/a.txt', 'a');
    await api.upload('objs', 'main', 'theirs/b.txt', 'b');
    const policy = await api.post('/auth/policies', {
      id: 'delete-mine',
      statement: [
        { effect: 'allow', action: ['fs:ReadObject', 'fs:ListObjects'], resource: '*' },
        { effect: 'allow', action: ['fs:DeleteObject'], resource: 'arn:lakefs:fs:::repository/objs/object/mine/*' },
      ],
    });
    expect(policy.status).toBe(201);
    const limited = client(server, (await addUser(api, 'bulk-deleter', { policies: ['delete-mine'] })).authorization);
    const res = await limited.post<ObjectErrorList>('/repositories/objs/branches/main/objects/delete', { paths: ['mine/a.txt', 'theirs/b.txt'] });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([
      {
        path: 'theirs/b.txt',
        status_code: 401,
        message: 'insufficient permissions: not allowed to fs:DeleteObject on arn:lakefs:fs:::repository/objs/object/theirs/b.txt',
      },
    ]);
    expect((await api.get(objectPath('objs', 'main', 'mine/a.txt'))).status).toBe(404);
    expect((await api.get(objectPath('objs', 'main', 'theirs/b.txt'))).status).toBe(200);
  });

  it('stage_allowed answers 204 for a writable branch', async () => {
    expect((await api.get('/repositories/objs/branches/main/objects/stage_allowed?path=x')).status).toBe(204);
    expect((await api.get('/repositories/objs/branches/none/objects/stage_allowed?path=x')).status).toBe(404);
    expect((await api.get('/repositories/objs/branches/main/objects/stage_allowed')).status).toBe(400);
  });
});
