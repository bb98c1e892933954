// Reading runs back: newest first with `after` paging, the branch and commit filters, a run's hooks in hook run id
// order with paging, the 404s, and the authentication every repository read needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../server/http/wire';
import { client } from '../http/harness';
import { commit, createRepository, listHookRuns, listRuns, stage, startActionsEnv, webhookAction, type ActionsEnv } from './setup';

let env: ActionsEnv;
/** Commit ids in the order they were made, with their branch. */
const commits: Array<{ branch: string; id: string }> = [];

beforeAll(async () => {
  env = await startActionsEnv();
  const { api, receiver, server } = env;
  await createRepository(api, 'listing');
  await stage(api, 'listing', 'main', {
    '_lakefs_actions/track.yaml': webhookAction('track', ['pre-commit', 'post-commit'], [
      ['one', `${receiver.url}/listing/one`],
      ['two', `${receiver.url}/listing/two`],
      ['three', `${receiver.url}/listing/three`],
    ]),
  });
  const track = async (branch: string, message: string) => {
    const made = await commit(api, 'listing', branch, message);
    expect(made.status).toBe(201);
    commits.push({ branch, id: made.body.id });
    // Each post-commit run ends before the next commit, so the runs' order is the commits' order.
    await server.idle();
  };
  await track('main', 'actions');
  for (const branch of ['a', 'b']) expect((await api.post('/repositories/listing/branches', { name: branch, source: 'main' })).status).toBe(201);
  await stage(api, 'listing', 'a', { 'a1.txt': '1' });
  await track('a', 'a1');
  await stage(api, 'listing', 'b', { 'b1.txt': '1' });
  await track('b', 'b1');
  await stage(api, 'listing', 'a', { 'a2.txt': '2' });
  await track('a', 'a2');
});
afterAll(async () => {
  await env.close();
});

describe('listing runs', () => {
  it('lists newest first and pages with after', async () => {
    const { api } = env;
    const all = await listRuns(api, 'listing');
    // Each commit made a pre-commit run, then a post-commit run.
    const expected = commits.flatMap(({ branch, id }) => [
      { event_type: 'pre-commit', branch, commit_id: '' },
      { event_type: 'post-commit', branch, commit_id: id },
    ]);
    expect(all.results.map(({ event_type, branch, commit_id }) => ({ event_type, branch, commit_id }))).toEqual(expected.reverse());
    expect(all.pagination).toEqual({ has_more: false, next_offset: '', results: 8, max_per_page: 1000 });
    const ids = all.results.map((r) => r.run_id);
    expect([...ids].sort()).toEqual(ids);

    const first = await listRuns(api, 'listing', '?amount=3');
    expect(first.results.map((r) => r.run_id)).toEqual(ids.slice(0, 3));
    expect(first.pagination).toMatchObject({ has_more: true, next_offset: ids[2], results: 3 });
    const second = await listRuns(api, 'listing', `?amount=3&after=${ids[2]}`);
    expect(second.results.map((r) => r.run_id)).toEqual(ids.slice(3, 6));
    const last = await listRuns(api, 'listing', `?amount=3&after=${ids[5]}`);
    expect(last.results.map((r) => r.run_id)).toEqual(ids.slice(6));
    expect(last.pagination).toMatchObject({ has_more: false, next_offset: '' });
  });

  it('filters by branch, by commit, or both', async () => {
    const { api } = env;
    const onA = await listRuns(api, 'listing', '?branch=a');
    expect(onA.results.map((r) => [r.event_type, r.commit_id])).toEqual([
      ['post-commit', commits[3]!.id],
      ['pre-commit', ''],
      ['post-commit', commits[1]!.id],
      ['pre-commit', ''],
    ]);
    const pagedA = await listRuns(api, 'listing', `?branch=a&amount=1&after=${onA.results[0]!.run_id}`);
    expect(pagedA.results.map((r) => r.run_id)).toEqual([onA.results[1]!.run_id]);
    expect(pagedA.pagination).toMatchObject({ has_more: true, next_offset: onA.results[1]!.run_id });

    const ofCommit = await listRuns(api, 'listing', `?commit=${commits[2]!.id}`);
    expect(ofCommit.results.map((r) => [r.event_type, r.branch])).toEqual([['post-commit', 'b']]);
    expect((await listRuns(api, 'listing', `?branch=b&commit=${commits[2]!.id}`)).results).toHaveLength(1);
    expect((await listRuns(api, 'listing', `?branch=a&commit=${commits[2]!.id}`)).results).toEqual([]);
    expect((await listRuns(api, 'listing', '?branch=nothing')).results).toEqual([]);
  });
});

describe('a run’s hooks', () => {
  it('are listed by hook run id and paged with after', async () => {
    const { api } = env;
    const [run] = (await listRuns(api, 'listing')).results;
    const all = await listHookRuns(api, 'listing', run!.run_id);
    expect(all.results.map((h) => [h.hook_run_id, h.hook_id])).toEqual([
      ['0000_0000', 'one'],
      ['0000_0001', 'two'],
      ['0000_0002', 'three'],
    ]);
    const first = await listHookRuns(api, 'listing', run!.run_id, '?amount=2');
    expect(first.results.map((h) => h.hook_run_id)).toEqual(['0000_0000', '0000_0001']);
    expect(first.pagination).toMatchObject({ has_more: true, next_offset: '0000_0001' });
    const rest = await listHookRuns(api, 'listing', run!.run_id, '?after=0000_0001');
    expect(rest.results.map((h) => h.hook_run_id)).toEqual(['0000_0002']);
  });
});

describe('missing things and callers', () => {
  it('answer 404 for a run, a hook run or a repository that does not exist', async () => {
    const { api } = env;
    const [run] = (await listRuns(api, 'listing')).results;
    const cases: Array<[string, string]> = [
      ['/repositories/listing/actions/runs/nope', 'run not found'],
      ['/repositories/listing/actions/runs/nope/hooks', 'run not found'],
      ['/repositories/listing/actions/runs/nope/hooks/0000_0000/output', 'run not found'],
      [`/repositories/listing/actions/runs/${run!.run_id}/hooks/0009_0000/output`, 'hook run not found'],
      ['/repositories/nowhere/actions/runs', 'repository not found'],
    ];
    for (const [path, message] of cases) {
      const res = await api.get<ErrorBody>(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe(message);
    }
  });

  it('need credentials like every other repository read', async () => {
    const anonymous = client(env.server, {});
    const res = await anonymous.get<ErrorBody>('/repositories/listing/actions/runs');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('error authenticating request');
  });

  it('forget a deleted repository’s runs, so a new one of that name starts with none', async () => {
    const { api } = env;
    await createRepository(api, 'reborn');
    await stage(api, 'reborn', 'main', { '_lakefs_actions/a.yaml': webhookAction('aa', ['pre-commit'], [['hk', `${env.receiver.url}/reborn`]]) });
    expect((await commit(api, 'reborn', 'main', 'x')).status).toBe(201);
    expect((await listRuns(api, 'reborn')).results).toHaveLength(1);
    expect((await api.delete('/repositories/reborn')).status).toBe(204);
    await api.post('/repositories', { name: 'reborn', storage_namespace: 'local://reborn-again' });
    expect((await listRuns(api, 'reborn')).results).toEqual([]);
  });
});
