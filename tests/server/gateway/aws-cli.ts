// Runs Debian's aws cli (v2, /usr/bin/aws: another aws earlier on a PATH may be a different version) against a test
// server's gateway: path-style, the admin's key, and no profile of the machine's user in the way. A machine
// without the cli fails the tests that need it, never skips them.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayFixture } from './harness';
import { requireTool } from './tools';

export interface AwsCli {
  /** A folder of the test's own, removed by `close`. */
  work: string;
  /** Runs `aws s3 <args>`: its output, or a failure with what the cli said. */
  s3(...args: string[]): Promise<string>;
  /** Runs `aws s3api <args>` and parses its JSON output. */
  s3api<T = unknown>(...args: string[]): Promise<T>;
  close(): void;
}

/** The cli's s3 settings: path-style addressing, and uploads in parts from 5 MiB on (its default is 8). */
const s3Settings = ['addressing_style = path', 'multipart_threshold = 5MB', 'multipart_chunksize = 5MB'];

export function awsCli(f: GatewayFixture): AwsCli {
  const aws = requireTool('/usr/bin/aws', 'the aws cli v2 (Debian package awscli)');
  const work = mkdtempSync(join(tmpdir(), 'tarn-aws-cli-'));
  writeFileSync(join(work, 'config'), `[default]\nregion = us-east-1\ns3 =\n${s3Settings.map((line) => `    ${line}\n`).join('')}`);
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: work,
    AWS_CONFIG_FILE: join(work, 'config'),
    AWS_SHARED_CREDENTIALS_FILE: join(work, 'no-credentials'),
    AWS_ACCESS_KEY_ID: f.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: f.credentials.secret,
    AWS_EC2_METADATA_DISABLED: 'true',
  };
  const run = (command: string, args: string[]) =>
    new Promise<string>((resolve, reject) => {
      execFile(aws, ['--endpoint-url', f.server.url, command, ...args], { env, cwd: work }, (error, stdout, stderr) => {
        if (error) reject(new Error(`aws ${command} ${args.join(' ')} failed: ${stderr || error.message}`));
        else resolve(stdout);
      });
    });
  return {
    work,
    s3: (...args) => run('s3', args),
    s3api: async <T>(...args: string[]) => JSON.parse(await run('s3api', args)) as T,
    close: () => rmSync(work, { recursive: true, force: true }),
  };
}
