// SIGKILL the real server while commits and uploads are in flight, restart it on the same data, and check that
// every branch is at its old or its new commit and every acknowledged upload is readable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ChildServer } from './child-server';
import { basicAuth } from './harness';

const dataDir = mkdtempSync(join(tmpdir(), 'tarn-kill-'));
const branches = ['main', 'b1', 'b2'];
let authorization = '';
let live: ChildServer | undefined;

afterAll(async () => {
  if (live && live.child.exitCode === null) {
    live.child.kill('SIGKILL');
    await live.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(server: ChildServer, method: string, path: string, body?: string | object): Promise<Response> {
  const headers: Record<string, string> = { authorization };
  let payload: string | undefined;
  if (typeof body === 'string') payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  return fetch(`${server.api}${path}`, { method, headers, body: payload });
}

interface BranchState {
  /** Head as last acknowledged by the server. */
  acked: string;
  /** Commits requested but not answered when the server died. */
  inFlight: boolean;
}

describe('killed mid-commit', () => {
  // Three server starts and the work between them: a loaded 2-core machine needs more than the project's minute.
  it('keeps every branch at its old or new commit and every acknowledged write readable', async () => {
    live = await spawnServer(dataDir);
    const setup = await fetch(`${live.api}/setup_lakefs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin' }) });
    const creds = (await setup.json()) as { access_key_id: string; secret_access_key: string };
    authorization = basicAuth(creds.access_key_id, creds.secret_access_key);
    expect((await call(live, 'POST', '/repositories', { name: 'crash', storage_namespace: 'local://crash' })).status).toBe(201);
    for (const b of branches.slice(1)) expect((await call(live, 'POST', '/repositories/crash/branches', { name: b, source: 'main' })).status).toBe(201);

    const acknowledged = new Map<string, string>(); // `${branch}\0${path}` → content
    const state = new Map<string, BranchState>();
    for (const b of branches) {
      const head = (await (await call(live, 'GET', `/repositories/crash/branches/${b}`)).json()) as { commit_id: string };
      state.set(b, { acked: head.commit_id, inFlight: false });
    }

    let serial = 0;
    // Kill moments spread over the time a commit takes under this load (tens to a few hundred ms), so some
    // rounds die before, some during and some after the commits.
    for (const killDelay of [5, 90, 140, 250]) {
      const server = live;
      let dead = false;
      const upload = async (branch: string) => {
        const path = `round-${killDelay}/file-${serial++}.txt`;
        const content = `${branch}:${path}:${'x'.repeat(serial % 97)}`;
        try {
          const res = await call(server, 'POST', `/repositories/crash/branches/${branch}/objects?path=${encodeURIComponent(path)}`, content);
          if (res.status === 201) acknowledged.set(`${branch}\0${path}`, content);
          else await res.arrayBuffer();
        } catch {
          // Connection reset by the kill: not acknowledged, so nothing is promised.
        }
      };
      // Stage a good number of changes so a commit has real work to do.
      await Promise.all(branches.flatMap((b) => Array.from({ length: 60 }, () => upload(b))));

      const commit = async (branch: string) => {
        const s = state.get(branch)!;
        s.inFlight = true;
        try {
          const res = await call(server, 'POST', `/repositories/crash/branches/${branch}/commits`, { message: `round ${killDelay}` });
          if (res.status === 201) {
            s.acked = ((await res.json()) as { id: string }).id;
            s.inFlight = false;
          } else {
            await res.arrayBuffer();
            s.inFlight = false;
          }
        } catch {
          // Died with the server.
        }
      };
      const work: Array<Promise<void>> = [];
      for (const b of branches) work.push(commit(b));
      // Keep writers busy while the commits run and the process dies.
      for (const b of branches) for (let i = 0; i < 20; i++) work.push(upload(b));
      const killed = new Promise<void>((resolve) => {
        setTimeout(() => {
          dead = true;
          server.child.kill('SIGKILL');
          resolve();
        }, killDelay);
      });
      await killed;
      await server.exited;
      await Promise.all(work);
      expect(dead).toBe(true);

      live = await spawnServer(dataDir);
      for (const b of branches) {
        const s = state.get(b)!;
        const head = ((await (await call(live, 'GET', `/repositories/crash/branches/${b}`)).json()) as { commit_id: string }).commit_id;
        if (head !== s.acked) {
          // Only a commit that was in flight may have landed, and then it sits right on the acknowledged head.
          expect(s.inFlight, `${b} moved without a commit in flight`).toBe(true);
          const commit = (await (await call(live, 'GET', `/repositories/crash/commits/${head}`)).json()) as { parents: string[] };
          expect(commit.parents).toEqual([s.acked]);
        }
        s.acked = head;
        s.inFlight = false;
        // The log must be walkable from the head after the crash.
        expect((await call(live, 'GET', `/repositories/crash/refs/${b}/commits?amount=1000`)).status).toBe(200);
      }
      for (const [key, content] of acknowledged) {
        const [branch, path] = key.split('\0') as [string, string];
        const res = await call(live, 'GET', `/repositories/crash/refs/${branch}/objects?path=${encodeURIComponent(path)}`);
        expect(res.status, `${branch} ${path}`).toBe(200);
        expect(await res.text()).toBe(content);
      }
      // The branch still commits after recovery.
      const after = await call(live, 'POST', '/repositories/crash/branches/main/commits', { message: 'after restart', allow_empty: true });
      expect(after.status).toBe(201);
      state.get('main')!.acked = ((await after.json()) as { id: string }).id;
    }
    expect(acknowledged.size).toBeGreaterThan(200);
  }, 150_000);
});
