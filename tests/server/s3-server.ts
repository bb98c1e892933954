// An S3 server for the tests: s3rver (from npm, written by others) on a loopback port over a temp folder, with
// the buckets a test asks for. The credentials are s3rver's fixed ones; it checks SigV4 signatures with them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3BlockStoreOptions } from '../../server/blockstore';

export interface TestS3Server {
  endpoint: string;
  /** The block store settings that reach this server. */
  settings: Required<Pick<S3BlockStoreOptions, 'endpoint' | 'region' | 'accessKeyId' | 'secretAccessKey' | 'forcePathStyle'>>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'tarn-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Path-style only: virtual-host names would need DNS for bucket.127.0.0.1.
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: { endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
