// The entry point as users run it: a child process, its printed lines, and a clean stop on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'tarn-main-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  lines: string[];
  url: string;
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; lines: string[] }>;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffer = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      lines.push(...parts);
      if (lines.length >= 2) {
        const url = /^Tarn is listening on (http:\/\/\S+)$/.exec(lines[0] ?? '')?.[1] ?? '';
        resolve({
          lines,
          url,
          async stop(signal) {
            child.kill(signal);
            return { code: await exited, lines };
          },
        });
      }
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`exited early with ${code}: ${errors}`)));
  });
}

describe('the server entry point', () => {
  it('prints the listening line first, then the setup hint while setup is not done; stops cleanly on SIGTERM', async () => {
    const server = await run(['--port', '0', '--data-dir', dataDir]);
    expect(server.lines[0]).toMatch(/^Tarn is listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.lines[1]).toBe(`Open ${server.url}/setup to create the first admin user.`);
    const setup = await fetch(`${server.url}/api/v1/setup_lakefs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin' }),
    });
    expect(setup.status).toBe(200);
    const { code } = await server.stop('SIGTERM');
    expect(code).toBe(0);
  });

  it('after setup points to the login page; the environment sets the data dir; SIGINT also stops it', async () => {
    const server = await run(['--port', '0'], { TARN_DATA_DIR: dataDir });
    expect(server.lines[1]).toBe(`Log in at ${server.url}/auth/login with your access key.`);
    const state = await (await fetch(`${server.url}/api/v1/setup_lakefs`)).json();
    expect(state.state).toBe('initialized');
    const { code } = await server.stop('SIGINT');
    expect(code).toBe(0);
  });

  it('exits with a message for a bad option', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts'), '--port', 'nope'], { cwd: root });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(errors).toMatch(/--port: port must be an integer/);
  });
});
