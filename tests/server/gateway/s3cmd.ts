// Runs s3cmd (Debian's package) against a test server's gateway with Signature V2 (`signature_v2 = True`), path-style,
// from a configuration file in a folder of its own.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayFixture } from './harness';
import { requireTool } from './tools';

export interface S3cmd {
  /** A folder of the test's own, removed by `close`. */
  work: string;
  /** Runs `s3cmd <args>`: its output, or a failure with what it said. */
  run(...args: string[]): Promise<string>;
  /** Runs `s3cmd --debug <args>`: the schemes of the Authorization headers it sent (`AWS` for Signature V2). */
  authorizationSchemes(...args: string[]): Promise<string[]>;
  close(): void;
}

export function s3cmd(f: GatewayFixture): S3cmd {
  const executable = requireTool('/usr/bin/s3cmd', 's3cmd (Debian package s3cmd)');
  const work = mkdtempSync(join(tmpdir(), 'tarn-s3cmd-'));
  const host = new URL(f.server.url).host;
  const config = join(work, 's3cfg');
  writeFileSync(
    config,
    [
      '[default]',
      `access_key = ${f.credentials.accessKeyId}`,
      `secret_key = ${f.credentials.secret}`,
      `host_base = ${host}`,
      // The bucket stays in the path: no %(bucket)s in the host.
      `host_bucket = ${host}`,
      'use_https = False',
      'signature_v2 = True',
      'multipart_chunk_size_mb = 5',
      '',
    ].join('\n'),
  );
  const execute = (args: string[]) =>
    new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      const env = { PATH: process.env.PATH ?? '', HOME: work };
      execFile(executable, ['--config', config, '--no-progress', ...args], { env, cwd: work }, (error, stdout, stderr) => {
        if (error) reject(new Error(`s3cmd ${args.join(' ')} failed: ${stderr || error.message}`));
        else resolve({ stdout, stderr });
      });
    });
  return {
    work,
    run: async (...args) => (await execute(args)).stdout,
    authorizationSchemes: async (...args) => {
      const { stderr } = await execute(['--debug', ...args]);
      return [...stderr.matchAll(/'Authorization': '(\S+) /g)].map((m) => m[1] ?? '');
    },
    close: () => rmSync(work, { recursive: true, force: true }),
  };
}
