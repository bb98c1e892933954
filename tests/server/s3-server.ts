// An S3 server for the tests: s3rver (from npm, written by others) on a loopback port over a temp folder, with
// the buckets a test asks for. The credentials are s3rver's fixed ones; it checks SigV4 signatures with them.
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3BlockStoreOptions } from '../../server/blockstore';

export interface TestS3Server {
  endpoint: string;
  /** The block store settings that reach this server. */
  settings: Required<Pick<S3BlockStoreOptions, 'endpoint' | 'region' | 'accessKeyId' | 'secretAccessKey' | 'forcePathStyle'>>;
  /** Calls `listener` as each request's head arrives, before its body, on this server and after `resume`. */
  onRequest(listener: (request: IncomingMessage) => void): void;
  /** Stops answering at once: the port is closed and connections in flight are cut, as when the server dies. */
  halt(): Promise<void>;
  /** Serves again on the same port and folder, with what was stored before. */
  resume(): Promise<void>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'tarn-s3rver-'));
  const listeners: ((request: IncomingMessage) => void)[] = [];
  const start = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      // Path-style only: virtual-host names would need DNS for bucket.127.0.0.1.
      vhostBuckets: false,
      configureBuckets: buckets.map((name) => ({ name })),
    });
    const address = await server.run();
    server.httpServer?.on('request', (request: IncomingMessage) => {
      for (const listener of listeners) listener(request);
    });
    return { server, port: address.port };
  };
  let running: S3rver | undefined;
  const first = await start(0);
  running = first.server;
  const endpoint = `http://127.0.0.1:${first.port}`;
  const halt = async () => {
    const server = running;
    running = undefined;
    if (!server) return;
    const closed = server.close();
    server.httpServer?.closeAllConnections();
    await closed;
  };
  return {
    endpoint,
    settings: { endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    onRequest(listener) {
      listeners.push(listener);
    },
    halt,
    async resume() {
      if (!running) running = (await start(first.port)).server;
    },
    async close() {
      await halt();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
