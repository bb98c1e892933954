// A throwaway PostgreSQL 15 cluster for tests: initdb in a temp folder, started on a free loopback port with its
// unix socket in that folder, removed on stop. PostgreSQL refuses to run as root, so as root (here and in CI) its
// programs run as the `postgres` user that Debian's package creates.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const debianRoot = '/usr/lib/postgresql';

/** PostgreSQL 15's programs (Debian's layout), else the newest installed version's; TARN_TEST_PG_BIN overrides. */
function findBinDir(): string {
  if (process.env.TARN_TEST_PG_BIN) return process.env.TARN_TEST_PG_BIN;
  const preferred = join(debianRoot, '15', 'bin');
  if (existsSync(join(preferred, 'initdb')) || !existsSync(debianRoot)) return preferred;
  const installed = readdirSync(debianRoot)
    .filter((version) => existsSync(join(debianRoot, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return installed[0] === undefined ? preferred : join(debianRoot, installed[0], 'bin');
}

const binDir = findBinDir();
const superuser = 'tarn';

export interface PgCluster {
  /** The loopback port the server listens on (the same across `halt` and `resume`). */
  port: number;
  /** A connection string for a new, empty database. */
  createDatabase(name: string): Promise<string>;
  /**
   * Shuts the server down, keeping its data: `fast` ends every session with 57P01 (admin shutdown), as an
   * operator's restart does; `immediate` drops them as a crash does.
   */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts the halted server again on the same port and data. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs one of PostgreSQL's programs, as `postgres` when this process is root. */
async function pgProgram(program: string, args: string[]): Promise<void> {
  const path = join(binDir, program);
  const [command, argv] = userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  try {
    await run(command, argv, { env: { ...process.env, LC_ALL: 'C' } });
  } catch (err) {
    const { stderr, stdout } = err as { stderr?: string; stdout?: string };
    throw new Error(`${program} failed: ${stderr || stdout || (err as Error).message}`);
  }
}

export interface PgClusterOptions {
  /**
   * Flush to disk as a production server does. Tests do without (a cluster that dies is thrown away anyway); a
   * benchmark wants the real cost.
   */
  durable?: boolean;
}

/** Whether PostgreSQL's programs are installed, so a cluster can be started. */
export function pgInstalled(): boolean {
  return existsSync(join(binDir, 'initdb'));
}

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  if (!pgInstalled()) {
    throw new Error(
      `PostgreSQL 15 is not installed (no ${binDir}/initdb): install the "postgresql" package ` +
        '(apt-get install postgresql) to run the PostgreSQL tests',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'tarn-pg-'));
  if (userInfo().uid === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, 'data');
  await pgProgram('initdb', ['-D', data, '-U', superuser, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const settings = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses='127.0.0.1'", '-c max_connections=200'];
  if (!options.durable) settings.push('-c fsync=off');
  let running = false;
  const start = async () => {
    await pgProgram('pg_ctl', ['start', '-D', data, '-w', '-l', join(dir, 'server.log'), '-o', settings.join(' ')]);
    running = true;
  };
  await start();
  const url = (database: string) => `postgres://${superuser}@127.0.0.1:${port}/${database}`;

  return {
    port,
    async halt(mode = 'fast') {
      await pgProgram('pg_ctl', ['stop', '-D', data, '-m', mode, '-w']);
      running = false;
    },
    resume: start,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: url('postgres') });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    async stop() {
      try {
        if (running) await pgProgram('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
