// The real server's gateway is governed by the same policies as the API: a Viewers member reads through S3 but may
// not write, a Developers member writes, and a user with no policy is refused even a listing.
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addUser, type Credentials } from '../http/harness';
import { startGateway, type GatewayFixture } from './harness';

let f: GatewayFixture;
let viewer: S3Client;
let developer: S3Client;
let nobody: S3Client;

const clientOf = (key: Credentials) => f.s3With({ credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secret } });

beforeAll(async () => {
  f = await startGateway(['lake']);
  await f.s3.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/seed.txt', Body: 'seed' }));
  viewer = clientOf(await addUser(f.api, 'vera', { groups: ['Viewers'] }));
  developer = clientOf(await addUser(f.api, 'dev', { groups: ['Developers'] }));
  nobody = clientOf(await addUser(f.api, 'nobody'));
});
afterAll(async () => {
  await f?.server.close();
});

/**
 * The S3 error code and status a refused call answers with: S3's AccessDenied (403), though the API answers the same
 * refusal with lakeFS's 401.
 */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (err) {
    if (err instanceof S3ServiceException) return `${err.name} ${err.$metadata.httpStatusCode}`;
    throw err;
  }
  return 'allowed';
}

it('lets a Viewers member read and list, and refuses its writes with AccessDenied', async () => {
  const read = await viewer.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/seed.txt' }));
  expect(await read.Body?.transformToString()).toBe('seed');
  const listed = await viewer.send(new ListObjectsV2Command({ Bucket: 'lake', Prefix: 'main/' }));
  expect(listed.Contents?.map((o) => o.Key)).toEqual(['main/seed.txt']);
  expect(await refusal(viewer.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/vera.txt', Body: 'no' })))).toBe('AccessDenied 403');
  const stat = await f.api.get(`/repositories/lake/refs/main/objects/stat?path=vera.txt`);
  expect(stat.status).toBe(404);
});

it('lets a Developers member write', async () => {
  await developer.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/dev.txt', Body: 'yes' }));
  const stat = await f.api.get(`/repositories/lake/refs/main/objects/stat?path=dev.txt`);
  expect(stat.status).toBe(200);
});

it('refuses a user without policies even a read', async () => {
  expect(await refusal(nobody.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/seed.txt' })))).toBe('AccessDenied 403');
  expect(await refusal(nobody.send(new ListObjectsV2Command({ Bucket: 'lake', Prefix: 'main/' })))).toBe('AccessDenied 403');
});
