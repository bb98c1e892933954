// `npm run superuser -- --user NAME` on the server's machine: a new access key for an administrator who lost theirs,
// or a new administrator, written beside a running server into its data folder and usable at once.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../server/command-line';
import { parseSuperuserCommand, runSuperuser, SuperuserRefusedError } from '../../server/superuser-command';
import { basicAuth, client, setupAdmin, startTestServer, type TestServer } from './http/harness';

const root = join(import.meta.dirname, '..', '..');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await setupAdmin(server, 'admin');
});
afterAll(async () => {
  await server.close();
});

async function whoAmI(accessKeyId: string, secret: string): Promise<{ status: number; id?: string }> {
  const res = await fetch(`${server.api}/user`, { headers: { authorization: basicAuth(accessKeyId, secret) } });
  const body = (await res.json()) as { user?: { id: string } };
  return { status: res.status, ...(body.user ? { id: body.user.id } : {}) };
}

describe('npm run superuser', () => {
  it('gives the admin a new key that the running server accepts, and keeps the old ones', async () => {
    const output = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(root, 'server', 'superuser-command.ts'), '--user', 'admin', '--data-dir', server.dataDir],
      { cwd: root },
    );
    const key = /access_key_id: (\S+)\n\s+secret_access_key: (\S+)/.exec(output.stdout);
    expect(output.stdout).toContain('added an access key to user admin');
    expect(key).not.toBeNull();
    expect(await whoAmI(key![1]!, key![2]!)).toEqual({ status: 200, id: 'admin' });
    const admin = client(server, basicAuth(key![1]!, key![2]!));
    const keys = await admin.get<{ results: unknown[] }>('/auth/users/admin/credentials');
    expect(keys.body.results).toHaveLength(2);
  });

  it('creates a missing user as an administrator, with a key chosen by the operator', async () => {
    const result = await runSuperuser({
      user: 'ops',
      key: { access_key_id: 'AKIAOPSEXAMPLE', secret_access_key: 'ops-secret-for-tests' },
      dataDir: server.dataDir,
    });
    expect(result.createdUser).toBe(true);
    expect(await whoAmI('AKIAOPSEXAMPLE', 'ops-secret-for-tests')).toEqual({ status: 200, id: 'ops' });
    const ops = client(server, basicAuth('AKIAOPSEXAMPLE', 'ops-secret-for-tests'));
    const groups = await ops.get<{ results: Array<{ id: string }> }>('/auth/users/ops/groups');
    expect(groups.body.results.map((g) => g.id)).toEqual(['Admins']);
    // An administrator may do what only administrators may.
    expect((await ops.post('/auth/users', { id: 'someone' })).status).toBe(201);
    await expect(
      runSuperuser({ user: 'ops', key: { access_key_id: 'AKIAOPSEXAMPLE', secret_access_key: 'x' }, dataDir: server.dataDir }),
    ).rejects.toThrow('access key already exists');
  });

  it('refuses a folder without Tarn data, or an installation not set up yet', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tarn-superuser-'));
    try {
      await expect(runSuperuser({ user: 'admin', dataDir: empty })).rejects.toThrow(SuperuserRefusedError);
      await expect(runSuperuser({ user: 'admin', dataDir: empty })).rejects.toThrow(/no Tarn data in/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    const fresh = await startTestServer();
    try {
      await expect(runSuperuser({ user: 'admin', dataDir: fresh.dataDir })).rejects.toThrow(
        'Tarn is not set up yet: start the server and open /setup to create the first admin',
      );
    } finally {
      await fresh.close();
    }
  });

  it('reads its options as documented', () => {
    expect(parseSuperuserCommand(['--user', 'admin', '--data-dir', '/srv/tarn'], {})).toEqual({ user: 'admin', dataDir: '/srv/tarn' });
    expect(parseSuperuserCommand(['--user=admin'], { TARN_DATA_DIR: '/d' })).toEqual({ user: 'admin', dataDir: '/d' });
    expect(parseSuperuserCommand(['--help'], {})).toBe('help');
    expect(() => parseSuperuserCommand([], {})).toThrow(new UsageError('--user is required'));
    expect(() => parseSuperuserCommand(['--user', 'a', '--access-key-id', 'K'], {})).toThrow('--access-key-id and --secret-access-key go together');
    expect(() => parseSuperuserCommand(['--user', 'a', '--force'], {})).toThrow('unknown option "--force"');
  });
});
