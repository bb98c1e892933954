// The S3 store dying mid-upload (s3rver stopped while a part is on its way), then coming back: the upload fails with
// a clean 503 and leaves no object, half or whole, in listings or reads; uploads after it succeed; nothing
// acknowledged before is lost.
import { createHash } from 'node:crypto';
import { ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { timedCall } from './fault-tools';
import { setupAdmin, startTestServer, type TestServer } from './http/harness';
import { startS3Server, type TestS3Server } from './s3-server';

const repo = 'repo';
const unavailable = { message: 'object store is unreachable or timed out; retry the request later' };
/** Above lib-storage's 5 MB part, so the body goes up as a multipart upload whose parts can be cut off. */
const bigBytes = 12 * 1024 * 1024;

let s3: TestS3Server;
let server: TestServer;
let authorization = '';

beforeAll(async () => {
  s3 = await startS3Server(['lake']);
  server = await startTestServer(undefined, { blockstore: { type: 's3', s3: s3.settings } });
  ({ authorization } = await setupAdmin(server));
  expect((await call('POST', '/repositories', { name: repo, storage_namespace: `s3://lake/${repo}` })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const call = (method: string, path: string, body?: string | object) => timedCall(server.api, authorization, method, path, body, 30_000);

/** A body of `bytes` that differs by `seed`, sent as a string so the call helper can take it. */
const bigBody = (seed: string) => {
  const block = createHash('sha256').update(seed).digest('hex');
  return block.repeat(Math.ceil(bigBytes / block.length)).slice(0, bigBytes);
};
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

const upload = (path: string, content: string) =>
  call('POST', `/repositories/${repo}/branches/main/objects?path=${encodeURIComponent(path)}`, content);
const read = (ref: string, path: string) => call('GET', `/repositories/${repo}/refs/${ref}/objects?path=${encodeURIComponent(path)}`);

async function listed(ref: string): Promise<string[]> {
  const res = await call('GET', `/repositories/${repo}/refs/${ref}/objects/ls?amount=1000`);
  expect(res.status).toBe(200);
  return (res.body as { results: { path: string }[] }).results.map((o) => o.path).sort();
}

describe('the S3 store stopped mid-upload', () => {
  it('fails that upload cleanly with 503, shows no half object, and takes later uploads without losing earlier ones', async () => {
    const acknowledged = new Map<string, string>();
    for (const [path, content] of [
      ['small-before.txt', 'before'],
      ['big-before.bin', bigBody('before')],
    ] as const) {
      expect((await upload(path, content)).status).toBe(201);
      acknowledged.set(path, content);
    }
    const first = await call('POST', `/repositories/${repo}/branches/main/commits`, { message: 'before the fault' });
    expect(first.status).toBe(201);

    // The moment a part of the next upload reaches the store, the store dies with it in flight.
    let halting: Promise<void> | undefined;
    let cutAt = '';
    s3.onRequest((request) => {
      if (halting || request.method !== 'PUT' || !request.url?.includes('partNumber=')) return;
      cutAt = request.url;
      halting = s3.halt();
    });
    const cut = await upload('big-cut.bin', bigBody('cut'));
    expect(cutAt, 'no part reached the store').not.toBe('');
    await halting;
    expect({ status: cut.status, body: cut.body, retryAfter: cut.retryAfter }).toEqual({ status: 503, body: unavailable, retryAfter: '1' });

    // While the store is down: writes and reads of data answer 503 at once; metadata still answers.
    const whileDown = await Promise.all([upload('small-down.txt', 'down'), read('main', 'small-before.txt')]);
    for (const answer of whileDown) {
      expect({ status: answer.status, body: answer.body, retryAfter: answer.retryAfter }).toEqual({ status: 503, body: unavailable, retryAfter: '1' });
    }
    expect(await listed('main')).toEqual(['big-before.bin', 'small-before.txt']);

    await s3.resume();
    const resumed = performance.now();
    await vi.waitFor(
      async () => {
        const res = await upload('small-after.txt', 'after');
        expect(res.status).toBe(201);
      },
      { timeout: 20_000, interval: 100 },
    );
    const recoveredMs = performance.now() - resumed;
    acknowledged.set('small-after.txt', 'after');
    expect((await upload('big-after.bin', bigBody('after'))).status).toBe(201);
    acknowledged.set('big-after.bin', bigBody('after'));
    expect((await call('POST', `/repositories/${repo}/branches/main/commits`, { message: 'after the fault' })).status).toBe(201);
    console.info(`Store cut at ${cutAt.split('?')[0]}: upload answered ${cut.status} in ${Math.round(cut.ms)} ms; uploads acknowledged again ${Math.round(recoveredMs)} ms after it was back`);

    // The cut upload is nowhere: not listed, not readable, in the branch or the new commit.
    expect(await listed('main')).toEqual([...acknowledged.keys()].sort());
    expect((await read('main', 'big-cut.bin')).status).toBe(404);
    expect((await read('main', 'small-down.txt')).status).toBe(404);
    for (const [path, content] of acknowledged) {
      const got = await read('main', path);
      expect({ path, status: got.status, md5: md5(String(got.body)) }).toEqual({ path, status: 200, md5: md5(content) });
    }
    expect((await read((first.body as { id: string }).id, 'big-before.bin')).status).toBe(200);

    // In the bucket itself, only the acknowledged big bodies are whole objects of that size: the cut one left none.
    const raw = new S3Client({ ...s3.settings, credentials: { accessKeyId: s3.settings.accessKeyId, secretAccessKey: s3.settings.secretAccessKey } });
    try {
      const objects = (await raw.send(new ListObjectsCommand({ Bucket: 'lake', Prefix: `${repo}/` }))).Contents ?? [];
      expect(objects.filter((o) => (o.Size ?? 0) >= 1024 * 1024).map((o) => o.Size)).toEqual([bigBytes, bigBytes]);
    } finally {
      raw.destroy();
    }
  }, 60_000);
});
