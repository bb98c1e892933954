// Staging on a repository kept in the local data folder, over the real HTTP stack, as lakeFS's handlers behave on
// its local store: getPhysicalAddress hands out a fresh address in the repository's namespace, a process that can
// write the data folder puts the bytes there itself, and linkPhysicalAddress links them; a client that could not
// write there is told so. Presigning and presigned multipart uploads need a store clients reach: 501.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, ObjectStats, StagingLocation } from '../../../server/http/wire';
import { objectPath, startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let api: Client;

const staging = (path: string, query = '') => `/repositories/disk/branches/main/staging/backing?path=${encodeURIComponent(path)}${query}`;

/** Where the data folder keeps an address of a `local://` namespace: `<data folder>/blocks/<namespace>/<key>`. */
function fileOf(signedAddress: string): string {
  const [address = ''] = signedAddress.split(',');
  return join(server.dataDir, 'blocks', ...address.replace(/^local:\/\//, '').split('/'));
}

function writeTo(signedAddress: string, content: string): void {
  const file = fileOf(signedAddress);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: 'disk', storage_namespace: 'local://disk' })).status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

describe('getPhysicalAddress and linkPhysicalAddress on the local data folder', () => {
  it('hand out a signed address in the namespace, and link the data a process wrote there', async () => {
    const location = await api.get<StagingLocation>(staging('direct/hello.txt'));
    expect(location.status).toBe(200);
    expect(location.body).toEqual({ physical_address: expect.stringMatching(/^local:\/\/disk\/data\/[^,]+,\d+\.[\w-]+$/) });
    writeTo(location.body.physical_address ?? '', 'written beside the server');

    const linked = await api.put<ObjectStats>(staging('direct/hello.txt'), {
      staging: location.body,
      checksum: '"etag-of-the-writer"',
      size_bytes: 25,
      content_type: 'text/plain',
      user_metadata: { origin: 'beside' },
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      path: 'direct/hello.txt',
      path_type: 'object',
      physical_address: location.body.physical_address?.split(',')[0],
      checksum: 'etag-of-the-writer',
      size_bytes: 25,
      content_type: 'text/plain',
      metadata: { origin: 'beside' },
    });
    expect((await api.get<string>(objectPath('disk', 'main', 'direct/hello.txt'))).body).toBe('written beside the server');
    expect((await api.post('/repositories/disk/branches/main/commits', { message: 'linked' })).status).toBe(201);
  });

  it('tell a client that could not write the address so, and refuse a size that is not the data’s', async () => {
    const location = await api.get<StagingLocation>(staging('direct/remote.txt'));
    const missing = await api.put<ErrorBody>(staging('direct/remote.txt'), { staging: location.body, checksum: 'x', size_bytes: 1 });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        message:
          'nothing was written to the physical address: in the local data folder, only a process that can write that folder can put data there; upload through the API instead',
      },
    });
    writeTo(location.body.physical_address ?? '', 'four');
    const wrongSize = await api.put<ErrorBody>(staging('direct/remote.txt'), { staging: location.body, checksum: 'x', size_bytes: 5 });
    expect(wrongSize).toMatchObject({ status: 400, body: { message: 'size_bytes is 5, but the uploaded object has 4 bytes' } });
    expect((await api.get(`/repositories/disk/refs/main/objects/stat?path=direct/remote.txt`)).status).toBe(404);
  });

  it('links only an address this server handed out for the repository', async () => {
    const location = await api.get<StagingLocation>(staging('direct/forged.txt'));
    const [address = ''] = (location.body.physical_address ?? '').split(',');
    writeTo(address, 'forged');
    const unsigned = await api.put<ErrorBody>(staging('direct/forged.txt'), { staging: { physical_address: address }, checksum: 'x', size_bytes: 6 });
    expect(unsigned).toMatchObject({ status: 400, body: { message: 'physical address was not issued by this server for this repository, or has expired' } });
  });

  it('answer 501 for a presigned address: the local folder cannot presign', async () => {
    const presigned = await api.get<ErrorBody>(staging('x', '&presign=true'));
    expect(presigned).toMatchObject({ status: 501, body: { message: 'presigned transfers need a block store clients can reach, such as S3' } });
  });
});

describe('presigned multipart uploads on the local data folder', () => {
  it('answer 501, as lakeFS does without presigned multipart support', async () => {
    const pmpu = '/repositories/disk/branches/main/staging/pmpu';
    const calls: Array<[method: string, path: string, body?: unknown]> = [
      ['POST', `${pmpu}?path=big.bin&parts=2`],
      ['PUT', `${pmpu}/upload-1?path=big.bin`, { physical_address: 'local://disk/data/x', parts: [{ part_number: 1, etag: 'e' }] }],
      ['DELETE', `${pmpu}/upload-1?path=big.bin`, { physical_address: 'local://disk/data/x' }],
      ['PUT', `${pmpu}/upload-1/parts/1?path=big.bin`, { physical_address: 'local://disk/data/x' }],
      ['PUT', `${pmpu}/upload-1/parts/2/copy?path=big.bin`, { physical_address: 'local://disk/data/x', copy_source: { repository: 'disk', ref: 'main', path: 'direct/hello.txt' } }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.raw(path, {
        method,
        ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(501);
      expect(await res.json()).toEqual({ message: 'presigned transfers need a block store clients can reach, such as S3' });
    }
  });
});
