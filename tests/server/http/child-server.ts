// The real server as a child process (for kill and restart tests, and the load benchmark).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { serverNodeArgs } from '../../server-command';

const root = join(import.meta.dirname, '..', '..', '..');

export interface ChildServer {
  url: string;
  api: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/** Starts the server on `dataDir`, with any further command-line options (e.g. `--database-url`). */
export function spawnServer(dataDir: string, options: string[] = []): Promise<ChildServer> {
  const child = spawn(process.execPath, serverNodeArgs(['--port', '0', '--data-dir', dataDir, '--quiet', ...options]), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Tarn is listening on (http:\/\/[^\s"]+)/.exec(out);
      if (match?.[1]) resolve({ url: match[1], api: `${match[1]}/api/v1`, child, exited });
    });
    child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${err}`)));
  });
}
