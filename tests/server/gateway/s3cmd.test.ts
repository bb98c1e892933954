// s3cmd (Debian's package) with `signature_v2 = True` against the S3 gateway: put, ls, get, info, a multipart put with
// S3's ETag, del, and a refused write; effects checked through the REST API and the AWS SDK. A machine without
// s3cmd fails here: .ci/run installs it.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectPath } from '../http/harness';
import { multipartEtag, multipartFilesOf, startGateway, type GatewayFixture } from './harness';
import { s3cmd, type S3cmd } from './s3cmd';

let f: GatewayFixture;
let cmd: S3cmd;

beforeAll(async () => {
  f = await startGateway(['lake']);
  cmd = s3cmd(f);
});
afterAll(async () => {
  cmd?.close();
  await f?.server.close();
});

const stat = (path: string) => f.api.get<{ checksum: string; size_bytes: number }>(`/repositories/lake/refs/main/objects/stat?path=${encodeURIComponent(path)}`);

describe('s3cmd with Signature V2', () => {
  it('signs with Signature V2, and is answered', async () => {
    const schemes = await cmd.authorizationSchemes('ls', 's3://lake/main/');
    expect(schemes.length).toBeGreaterThan(0);
    expect(new Set(schemes)).toEqual(new Set(['AWS']));
  });

  it('puts, lists, gets and deletes a file', async () => {
    writeFileSync(join(cmd.work, 'small.txt'), 'small file\n');
    await cmd.run('put', join(cmd.work, 'small.txt'), 's3://lake/main/s3cmd/small file.txt');
    expect((await f.api.get(objectPath('lake', 'main', 's3cmd/small file.txt'))).body).toBe('small file\n');
    expect(await cmd.run('ls', 's3://lake/main/s3cmd/')).toMatch(/ 11 +s3:\/\/lake\/main\/s3cmd\/small file\.txt$/m);
    expect(await cmd.run('ls', 's3://lake/')).toMatch(/DIR +s3:\/\/lake\/main\/$/m);
    await cmd.run('get', '--force', 's3://lake/main/s3cmd/small file.txt', join(cmd.work, 'back.txt'));
    expect(readFileSync(join(cmd.work, 'back.txt'), 'utf8')).toBe('small file\n');
    await cmd.run('del', 's3://lake/main/s3cmd/small file.txt');
    expect((await stat('s3cmd/small file.txt')).status).toBe(404);
  });

  it("puts a large file in 5 MiB parts, with S3's multipart ETag", async () => {
    const MiB = 1024 * 1024;
    const data = randomBytes(11 * MiB + 3);
    writeFileSync(join(cmd.work, 'big.bin'), data);
    await cmd.run('put', join(cmd.work, 'big.bin'), 's3://lake/main/s3cmd/big.bin');
    const etag = multipartEtag([data.subarray(0, 5 * MiB), data.subarray(5 * MiB, 10 * MiB), data.subarray(10 * MiB)]);
    expect((await f.s3.send(new HeadObjectCommand({ Bucket: 'lake', Key: 'main/s3cmd/big.bin' }))).ETag).toBe(`"${etag}"`);
    expect((await stat('s3cmd/big.bin')).body).toMatchObject({ size_bytes: data.length, checksum: etag.replace(/-3$/, '') });
    expect(await cmd.run('info', 's3://lake/main/s3cmd/big.bin')).toMatch(/File size: +11534339/);
    await cmd.run('get', '--force', 's3://lake/main/s3cmd/big.bin', join(cmd.work, 'big-back.bin'));
    expect(readFileSync(join(cmd.work, 'big-back.bin')).equals(data)).toBe(true);
    expect(multipartFilesOf(f.server, 'lake')).toEqual([]);
  });

  it('reports a refused write with its S3 error', async () => {
    const commit = await f.api.post<{ id: string }>('/repositories/lake/branches/main/commits', { message: 's3cmd' });
    expect((await f.api.post('/repositories/lake/tags', { id: 'v1', ref: commit.body.id })).status).toBe(201);
    writeFileSync(join(cmd.work, 'late.txt'), 'late');
    await expect(cmd.run('put', join(cmd.work, 'late.txt'), 's3://lake/v1/late.txt')).rejects.toThrow(/MethodNotAllowed|405/);
  });
});
