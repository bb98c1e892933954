// The 200 MB upload with the aws cli (in parts, several at once), checked byte for byte through the REST
// API. Apart from the other cli tests because it moves much more data.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { awsCli, type AwsCli } from './aws-cli';
import { startGateway, type GatewayFixture } from './harness';

let f: GatewayFixture;
let aws: AwsCli;

beforeAll(async () => {
  f = await startGateway(['lake']);
  aws = awsCli(f);
});
afterAll(async () => {
  aws?.close();
  await f?.server.close();
});

async function digest(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const hash: Hash = createHash('md5');
  for await (const chunk of chunks) hash.update(chunk);
  return hash.digest('hex');
}

it('uploads 200 MB in parts', async () => {
  const file = join(aws.work, 'big.bin');
  const out = createWriteStream(file);
  // Each MiB differs from the others, so a part stored out of place or twice changes the digest.
  for (let i = 0; i < 200; i++) out.write(Buffer.alloc(1024 * 1024, i));
  out.end();
  await finished(out);
  await aws.s3('cp', file, 's3://lake/main/large/big.bin');
  const stats = await f.api.get<{ size_bytes: number }>('/repositories/lake/refs/main/objects/stat?path=large/big.bin');
  expect(stats.body.size_bytes).toBe(200 * 1024 * 1024);
  const res = await f.api.raw('/repositories/lake/refs/main/objects?path=large/big.bin');
  expect(await digest(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>))).toBe(await digest(createReadStream(file)));
}, 120_000);
