// Runs boto3 (Debian's python3-boto3, under /usr/bin/python3) against a test server's gateway through
// boto3-calls.py, with the admin's key and the signature asked for; no profile of the machine's user in the way.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayFixture } from './harness';
import { requireTool } from './tools';

/** boto3's signing: its default (V4 for calls, V2 for presigned addresses), `s3` (V2) or `s3v4`. */
export type BotoSignature = 'default' | 's3' | 's3v4';

export interface Boto3 {
  /** A folder of the test's own, removed by `close`. */
  work: string;
  /** Runs one call of boto3-calls.py and parses what it prints. */
  call<T>(signature: BotoSignature, name: string, ...args: string[]): Promise<T>;
  close(): void;
}

const script = join(import.meta.dirname, 'boto3-calls.py');

export function boto3(f: GatewayFixture): Boto3 {
  const python = requireTool('/usr/bin/python3', 'python3 with boto3 (Debian package python3-boto3)');
  const work = mkdtempSync(join(tmpdir(), 'tarn-boto3-'));
  return {
    work,
    call: <T>(signature: BotoSignature, name: string, ...args: string[]) =>
      new Promise<T>((resolve, reject) => {
        const env = {
          PATH: process.env.PATH ?? '',
          HOME: work,
          AWS_CONFIG_FILE: join(work, 'no-config'),
          AWS_SHARED_CREDENTIALS_FILE: join(work, 'no-credentials'),
          AWS_ACCESS_KEY_ID: f.credentials.accessKeyId,
          AWS_SECRET_ACCESS_KEY: f.credentials.secret,
          AWS_DEFAULT_REGION: 'us-east-1',
          AWS_EC2_METADATA_DISABLED: 'true',
          TARN_S3_ENDPOINT: f.server.url,
          BOTO_SIGNATURE: signature,
        };
        execFile(python, [script, name, ...args], { env, cwd: work }, (error, stdout, stderr) => {
          if (error) reject(new Error(`boto3 ${name} (${signature}) failed: ${stderr || error.message}`));
          else resolve(JSON.parse(stdout) as T);
        });
      }),
    close: () => rmSync(work, { recursive: true, force: true }),
  };
}
