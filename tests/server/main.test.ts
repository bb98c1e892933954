// The entry point as users run it: a child process, its log lines (JSON, as standard output is no terminal here),
// and a clean stop on SIGTERM. It runs the project's server bundle, and main.ts itself for a bad option.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverNodeArgs } from '../server-command';

const root = join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'tarn-main-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  /** The messages of the log lines. */
  lines: string[];
  /** The log lines, parsed. */
  entries: Record<string, unknown>[];
  url: string;
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; lines: string[] }>;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const child = spawn(process.execPath, serverNodeArgs(args), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const entries: Record<string, unknown>[] = [];
  let buffer = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const part of parts) {
        const entry = JSON.parse(part) as Record<string, unknown>;
        entries.push(entry);
        lines.push(String(entry.msg));
      }
      if (lines.length >= 2) {
        const url = /^Tarn is listening on (http:\/\/\S+)$/.exec(lines[0] ?? '')?.[1] ?? '';
        resolve({
          lines,
          entries,
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
    expect(server.lines.slice(-2)).toEqual(['Received SIGTERM, shutting down.', 'Tarn stopped']);
    expect(server.entries[0]).toMatchObject({ level: 30, url: server.url });
    expect(server.entries.find((entry) => entry.msg === 'request')).toMatchObject({ method: 'POST', operation: 'setup', status: 200 });
  });

  it('takes --log-level over TARN_LOG_LEVEL: the flag at debug keeps the request lines the variable at error would hide', async () => {
    const server = await run(['--port', '0', '--data-dir', dataDir, '--log-level', 'debug'], { TARN_LOG_LEVEL: 'error' });
    await (await fetch(`${server.url}/api/v1/healthcheck`)).arrayBuffer();
    await server.stop('SIGTERM');
    expect(server.entries.find((entry) => entry.msg === 'request')).toMatchObject({ level: 30, operation: 'healthCheck', status: 204 });
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
    // From its source, not the run's bundle: main.ts itself must start when it is the script node was given.
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts'), '--port', 'nope'], { cwd: root });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(errors).toMatch(/--port: port must be an integer/);
  });

  it('exits with a message for an unknown log level', async () => {
    const child = spawn(process.execPath, serverNodeArgs(['--log-level', 'loud']), { cwd: root });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(errors).toMatch(/--log-level: log level must be one of trace, debug, info, warn, error, fatal, silent, got "loud"/);
  });
});
