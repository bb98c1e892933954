// Runs Debian's aws cli against a test server's gateway: path-style, the admin's key, and no profile of the
// machine's user in the way. A machine without the cli fails the tests that need it, never skips them.
import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { GatewayFixture } from './harness';

/** The aws executable on the PATH. */
function findAws(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'aws');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  throw new Error('The aws cli is not installed (Debian package awscli, installed by .ci/run): the S3 gateway cannot be tested with it');
}

export interface AwsCli {
  /** A folder of the test's own, removed by `close`. */
  work: string;
  /** Runs `aws s3 <args>`: its output, or a failure with what the cli said. */
  s3(...args: string[]): Promise<string>;
  close(): void;
}

export function awsCli(f: GatewayFixture): AwsCli {
  const aws = findAws();
  const work = mkdtempSync(join(tmpdir(), 'tarn-aws-cli-'));
  writeFileSync(join(work, 'config'), '[default]\nregion = us-east-1\ns3 =\n    addressing_style = path\n');
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: work,
    AWS_CONFIG_FILE: join(work, 'config'),
    AWS_SHARED_CREDENTIALS_FILE: join(work, 'no-credentials'),
    AWS_ACCESS_KEY_ID: f.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: f.credentials.secret,
    AWS_EC2_METADATA_DISABLED: 'true',
  };
  return {
    work,
    s3: (...args) =>
      new Promise((resolve, reject) => {
        execFile(aws, ['--endpoint-url', f.server.url, 's3', ...args], { env, cwd: work }, (error, stdout, stderr) => {
          if (error) reject(new Error(`aws s3 ${args.join(' ')} failed: ${stderr || error.message}`));
          else resolve(stdout);
        });
      }),
    close: () => rmSync(work, { recursive: true, force: true }),
  };
}
