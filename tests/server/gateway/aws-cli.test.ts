// The aws cli (Debian's awscli, v2) against the S3 gateway: cp, sync, ls and rm of a folder of files, a multipart
// upload with S3's ETag, a copy and a presigned address (Signature V4), each checked through the REST API. A machine
// without the cli fails here: .ci/run installs it.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStatsList } from '../../../server/http/wire';
import { awsCli, type AwsCli } from './aws-cli';
import { multipartEtag, multipartFilesOf, startGateway, type GatewayFixture } from './harness';

let f: GatewayFixture;
let aws: AwsCli;
let work: string;

const files: Record<string, string> = {
  'a.txt': 'first file\n',
  'b.csv': 'id,name\n1,lake\n',
  'sub/c.json': '{"deep": true}\n',
  'sub/deeper/d.txt': 'deepest\n',
  'with space.txt': 'spaced\n',
};

beforeAll(async () => {
  f = await startGateway(['lake']);
  aws = awsCli(f);
  work = aws.work;
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(work, 'folder', name, '..'), { recursive: true });
    writeFileSync(join(work, 'folder', name), content);
  }
});
afterAll(async () => {
  aws?.close();
  await f?.server.close();
});

const cli = (...args: string[]) => aws.s3(...args);

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

/** An object's bytes on main, read through the REST API. */
const contentOf = async (path: string) => (await f.api.raw(`/repositories/lake/refs/main/objects?path=${encodeURIComponent(path)}`)).text();

async function listed(prefix: string): Promise<string[]> {
  const res = await f.api.get<ObjectStatsList>(`/repositories/lake/refs/main/objects/ls?prefix=${encodeURIComponent(prefix)}&amount=1000`);
  return res.body.results.map((o) => o.path);
}

describe('aws s3', () => {
  it('cp uploads a file and downloads it again', async () => {
    await cli('cp', join(work, 'folder', 'a.txt'), 's3://lake/main/single/a.txt');
    expect(await contentOf('single/a.txt')).toBe(files['a.txt']);
    await cli('cp', 's3://lake/main/single/a.txt', join(work, 'downloaded.txt'));
    expect(readFileSync(join(work, 'downloaded.txt'), 'utf8')).toBe(files['a.txt']);
  });

  it('sync uploads a folder, and a second sync finds nothing to do', async () => {
    const out = await cli('sync', join(work, 'folder'), 's3://lake/main/folder/');
    expect(out.match(/^upload:/gm)).toHaveLength(Object.keys(files).length);
    for (const [name, content] of Object.entries(files)) {
      expect(await contentOf(`folder/${name}`)).toBe(content);
    }
    expect(await cli('sync', join(work, 'folder'), 's3://lake/main/folder/')).toBe('');
  });

  it('ls lists a folder, the bucket root (its branches) and everything below', async () => {
    const folder = await cli('ls', 's3://lake/main/folder/');
    expect(folder).toMatch(/PRE sub\//);
    expect(folder).toMatch(/\s11 a\.txt/);
    expect(folder).toMatch(/with space\.txt/);
    expect(await cli('ls', 's3://lake/')).toMatch(/PRE main\//);
    const recursive = await cli('ls', '--recursive', 's3://lake/main/folder/');
    expect(recursive.trim().split('\n').map((line) => line.split(/\s+/).slice(3).join(' '))).toEqual(
      Object.keys(files).map((name) => `main/folder/${name}`).sort(),
    );
    expect(await cli('ls')).toMatch(/ lake$/m);
  });

  it('cp copies within the lake, and from a branch to another', async () => {
    expect((await f.api.post('/repositories/lake/branches', { name: 'dev', source: 'main' })).status).toBe(201);
    await cli('cp', 's3://lake/main/folder/b.csv', 's3://lake/dev/copied/b.csv');
    expect(await (await f.api.raw('/repositories/lake/refs/dev/objects?path=copied/b.csv')).text()).toBe(files['b.csv']);
  });

  it("cp uploads a large file in parts (multipart), with S3's multipart ETag", async () => {
    const MiB = 1024 * 1024;
    const big = randomBytes(12 * MiB + 5);
    writeFileSync(join(work, 'big.bin'), big);
    await cli('cp', '--no-progress', join(work, 'big.bin'), 's3://lake/main/big/big.bin');
    const etag = multipartEtag([big.subarray(0, 5 * MiB), big.subarray(5 * MiB, 10 * MiB), big.subarray(10 * MiB)]);
    const stats = await f.api.get<{ size_bytes: number; checksum: string }>(`/repositories/lake/refs/main/objects/stat?path=big/big.bin`);
    expect(stats.body).toMatchObject({ size_bytes: big.length, checksum: etag.replace(/-3$/, '') });
    const head = await aws.s3api<{ ETag: string; ContentLength: number }>('head-object', '--bucket', 'lake', '--key', 'main/big/big.bin');
    expect(head).toMatchObject({ ETag: `"${etag}"`, ContentLength: big.length });
    const raw = await f.api.raw('/repositories/lake/refs/main/objects?path=big/big.bin');
    expect(md5(new Uint8Array(await raw.arrayBuffer()))).toBe(md5(big));
    // No upload is left behind in the namespace.
    expect(await listed('big/')).toEqual(['big/big.bin']);
    expect(multipartFilesOf(f.server, 'lake')).toEqual([]);
  });

  it('presign gives an address (Signature V4) that reads the object without credentials', async () => {
    const address = (await cli('presign', 's3://lake/main/single/a.txt', '--expires-in', '300')).trim();
    expect(address).toContain('X-Amz-Signature=');
    const res = await fetch(address);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(files['a.txt']);
    const tampered = await fetch(address.replace('a.txt', 'b.txt'));
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('rm --recursive deletes the folder', async () => {
    const out = await cli('rm', '--recursive', 's3://lake/main/folder/');
    expect(out.match(/^delete:/gm)).toHaveLength(Object.keys(files).length);
    expect(await listed('folder/')).toEqual([]);
    expect(await listed('single/')).toEqual(['single/a.txt']);
  });

  it('reports a refused write with its S3 error', async () => {
    const commit = await f.api.post<{ id: string }>('/repositories/lake/branches/main/commits', { message: 'files' });
    expect((await f.api.post('/repositories/lake/tags', { id: 'v1', ref: commit.body.id })).status).toBe(201);
    await expect(cli('cp', join(work, 'folder', 'a.txt'), 's3://lake/v1/a.txt')).rejects.toThrow(/MethodNotAllowed/);
  });
});
