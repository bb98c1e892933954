// A real server with its admin and one repository, an S3 client of the AWS SDK pointed at its gateway
// (path-style, the admin's key), and the REST client to check what the gateway did.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { client, setupAdmin, startTestServer, type Client, type Credentials, type TestServer } from '../http/harness';

export interface GatewayFixture {
  server: TestServer;
  credentials: Credentials;
  api: Client;
  s3: S3Client;
  /** Another S3 client of the same server, configured as given (wrong keys, clock skew, ...). */
  s3With(config: Partial<ConstructorParameters<typeof S3Client>[0]>): S3Client;
}

export async function startGateway(repositories: string[]): Promise<GatewayFixture> {
  const server = await startTestServer();
  const credentials = await setupAdmin(server);
  const api = client(server, credentials.authorization);
  for (const name of repositories) {
    expect((await api.post('/repositories', { name, storage_namespace: `local://${name}` })).status).toBe(201);
  }
  const s3With = (config: Partial<ConstructorParameters<typeof S3Client>[0]>) =>
    new S3Client({
      endpoint: server.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secret },
      // A refusal is the answer under test, not something to retry.
      maxAttempts: 1,
      ...config,
    });
  return { server, credentials, api, s3: s3With({}), s3With };
}

/** S3's ETag (unquoted) of an object uploaded in these parts: the MD5 of their MD5s, and how many there were. */
export function multipartEtag(parts: Uint8Array[]): string {
  const digests = parts.map((part) => createHash('md5').update(part).digest());
  return `${createHash('md5').update(Buffer.concat(digests)).digest('hex')}-${parts.length}`;
}

/** Every file under a repository's multipart folder: the uploads in progress, their parts and records. */
export function multipartFilesOf(server: TestServer, repo: string): string[] {
  const root = join(server.dataDir, 'blocks', repo, '_tarn', 'multipart');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}
