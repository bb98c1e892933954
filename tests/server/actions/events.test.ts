// Every event lakeFS fires hooks on, besides commits: merge, branch and tag creation and deletion, revert and
// cherry-pick; which branch patterns an action answers; read-only repositories; and action files that are not valid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Ref } from '../../../server/http/wire';
import {
  abortedRunId,
  commit,
  createRepository,
  head,
  hookOutput,
  listHookRuns,
  listRuns,
  stage,
  startActionsEnv,
  webhookAction,
  type ActionsEnv,
} from './setup';

let env: ActionsEnv;

beforeAll(async () => {
  env = await startActionsEnv();
});
afterAll(async () => {
  await env.close();
});

const operations = ['merge', 'create-branch', 'delete-branch', 'create-tag', 'delete-tag', 'revert', 'cherry-pick'];

describe('events', () => {
  it('fire pre- and post-hooks with lakeFS’s fields for merges, branches, tags, reverts and cherry-picks', async () => {
    const { api, receiver, server } = env;
    const events = operations.flatMap((operation) => [`pre-${operation}`, `post-${operation}`]);
    await createRepository(api, 'events');
    await stage(api, 'events', 'main', {
      '_lakefs_actions/all.yaml': webhookAction('every event', events, [['tell', `${receiver.url}/events`]]),
    });
    expect((await commit(api, 'events', 'main', 'actions')).status).toBe(201);
    expect(receiver.callsTo('/events')).toEqual([]);
    const received = async () => {
      await server.idle();
      const bodies = receiver.callsTo('/events').map((call) => call.body);
      receiver.calls.length = 0;
      return bodies;
    };

    const mainHead = await head(api, 'events', 'main');
    expect((await api.post('/repositories/events/branches', { name: 'feature', source: 'main' })).status).toBe(201);
    const branchEvent = { branch_id: 'feature', source_ref: 'main', commit_id: mainHead, commit_message: '', committer: '' };
    expect(await received()).toEqual([
      expect.objectContaining({ event_type: 'pre-create-branch', repository_id: 'events', ...branchEvent }),
      expect.objectContaining({ event_type: 'post-create-branch', ...branchEvent }),
    ]);

    await stage(api, 'events', 'feature', { 'feature.txt': 'new' });
    const featureCommit = await commit(api, 'events', 'feature', 'feature work');
    const merged = await api.post<{ reference: string }>('/repositories/events/refs/feature/merge/main', { message: 'bring it in' });
    expect(merged.status).toBe(200);
    const [preMerge, postMerge] = await received();
    expect(preMerge).toMatchObject({ event_type: 'pre-merge', branch_id: 'main', source_ref: featureCommit.body.id, merge_source: 'feature', commit_message: 'bring it in', committer: 'admin' });
    expect(preMerge).not.toHaveProperty('commit_id');
    expect(postMerge).toMatchObject({ event_type: 'post-merge', branch_id: 'main', source_ref: merged.body.reference, commit_id: merged.body.reference, merge_source: 'feature' });

    const tagEvent = { branch_id: '', tag_id: 'v1', source_ref: merged.body.reference, commit_id: merged.body.reference };
    // A post-event runs in the background, as lakeFS's do: the tag's deletion may start before its creation's is told.
    expect((await api.post('/repositories/events/tags', { id: 'v1', ref: 'main' })).status).toBe(201);
    expect(await received()).toEqual([
      expect.objectContaining({ event_type: 'pre-create-tag', ...tagEvent }),
      expect.objectContaining({ event_type: 'post-create-tag', ...tagEvent }),
    ]);
    expect((await api.delete('/repositories/events/tags/v1')).status).toBe(204);
    expect(await received()).toEqual([
      expect.objectContaining({ event_type: 'pre-delete-tag', ...tagEvent }),
      expect.objectContaining({ event_type: 'post-delete-tag', ...tagEvent }),
    ]);

    expect((await api.post('/repositories/events/branches/main/revert', { ref: 'main', parent_number: 1 })).status).toBe(204);
    const reverted = await head(api, 'events', 'main');
    const [preRevert, postRevert] = await received();
    expect(preRevert).toMatchObject({ event_type: 'pre-revert', branch_id: 'main', source_ref: 'main', commit_message: `Revert main` });
    expect(postRevert).toMatchObject({ event_type: 'post-revert', branch_id: 'main', source_ref: reverted, commit_id: reverted });

    const picked = await api.post<{ id: string }>('/repositories/events/branches/main/cherry-pick', { ref: featureCommit.body.id });
    expect(picked.status).toBe(201);
    const [prePick, postPick] = await received();
    expect(prePick).toMatchObject({ event_type: 'pre-cherry-pick', branch_id: 'main', source_ref: 'main', commit_message: 'feature work' });
    expect(postPick).toMatchObject({ event_type: 'post-cherry-pick', commit_id: picked.body.id });

    const featureHead = await head(api, 'events', 'feature');
    expect((await api.delete('/repositories/events/branches/feature')).status).toBe(204);
    expect(await received()).toEqual([
      expect.objectContaining({ event_type: 'pre-delete-branch', branch_id: 'feature', source_ref: 'feature', commit_id: featureHead }),
      // The branch is gone by then: its last commit holds the action files.
      expect.objectContaining({ event_type: 'post-delete-branch', branch_id: 'feature', source_ref: featureHead, commit_id: featureHead }),
    ]);

    const runs = await listRuns(api, 'events', '?amount=1000');
    expect(runs.results.map((r) => r.event_type).reverse()).toEqual([
      'pre-create-branch',
      'post-create-branch',
      'pre-merge',
      'post-merge',
      'pre-create-tag',
      'post-create-tag',
      'pre-delete-tag',
      'post-delete-tag',
      'pre-revert',
      'post-revert',
      'pre-cherry-pick',
      'post-cherry-pick',
      'pre-delete-branch',
      'post-delete-branch',
    ]);
    expect(runs.results.every((r) => r.status === 'completed')).toBe(true);
  });

  it('refuse a merge, a branch deletion and a tag creation whose pre-hook fails, and change nothing', async () => {
    const { api, receiver } = env;
    await createRepository(api, 'guarded');
    await stage(api, 'guarded', 'main', {
      '_lakefs_actions/guard.yaml': webhookAction('guard', ['pre-merge', 'pre-delete-branch', 'pre-create-tag'], [['no', `${receiver.url}/guarded/no`]]),
    });
    expect((await commit(api, 'guarded', 'main', 'guard')).status).toBe(201);
    expect((await api.post('/repositories/guarded/branches', { name: 'dev', source: 'main' })).status).toBe(201);
    await stage(api, 'guarded', 'dev', { 'x.txt': 'x' });
    expect((await commit(api, 'guarded', 'dev', 'x')).status).toBe(201);
    receiver.answer('/guarded/no', 403, 'refused');
    const mainBefore = await head(api, 'guarded', 'main');

    const merge = await api.post<ErrorBody>('/repositories/guarded/refs/dev/merge/main', {});
    expect(merge.status).toBe(412);
    expect(merge.body.message).toMatch(/^pre-merge hook aborted, run id '[^']+': 1 error occurred:\n\t\* hook run id '0000_0000' failed on action 'guard' hook 'no': webhook answered 403 Forbidden$/);
    expect(await head(api, 'guarded', 'main')).toBe(mainBefore);

    const removal = await api.delete<ErrorBody>('/repositories/guarded/branches/dev');
    expect(removal.status).toBe(412);
    expect(removal.body.message).toMatch(/^pre-delete-branch hook aborted/);
    expect((await api.get('/repositories/guarded/branches/dev')).status).toBe(200);

    const tag = await api.post<ErrorBody>('/repositories/guarded/tags', { id: 'v1', ref: 'main' });
    expect(tag.status).toBe(412);
    expect(tag.body.message).toMatch(/^pre-create-tag hook aborted/);
    expect((await api.get('/repositories/guarded/tags/v1')).status).toBe(404);

    // Refusals the store makes itself come first: no hook hears of a call bound to fail.
    const calls = receiver.callsTo('/guarded/no').length;
    expect((await api.post('/repositories/guarded/tags', { id: 'v2', ref: 'nowhere' })).status).toBe(404);
    expect((await api.delete('/repositories/guarded/branches/main')).status).toBe(403);
    expect((await api.delete('/repositories/guarded/branches/missing')).status).toBe(404);
    expect(receiver.callsTo('/guarded/no')).toHaveLength(calls);
  });

  it('match branches against the patterns of each event; no patterns means every branch', async () => {
    const { api, receiver } = env;
    await createRepository(api, 'patterns');
    await stage(api, 'patterns', 'main', {
      '_lakefs_actions/release.yaml': webhookAction('releases only', ['pre-create-branch'], [['release', `${receiver.url}/patterns/release`]], ['release-*', 'hotfix-?']),
      '_lakefs_actions/any.yaml': webhookAction('any branch', ['pre-create-branch'], [['any', `${receiver.url}/patterns/any`]]),
    });
    expect((await commit(api, 'patterns', 'main', 'actions')).status).toBe(201);
    for (const name of ['release-1', 'dev', 'hotfix-2', 'hotfix-22']) {
      expect((await api.post('/repositories/patterns/branches', { name, source: 'main' })).status).toBe(201);
    }
    expect(receiver.callsTo('/patterns/release').map((c) => c.body.branch_id)).toEqual(['release-1', 'hotfix-2']);
    expect(receiver.callsTo('/patterns/any').map((c) => c.body.branch_id)).toEqual(['release-1', 'dev', 'hotfix-2', 'hotfix-22']);
    const runs = await listRuns(api, 'patterns', '?branch=release-1');
    const hooks = await listHookRuns(api, 'patterns', runs.results[0]!.run_id);
    // Actions are numbered in file order among those that matched: any.yaml, then release.yaml.
    expect(hooks.results.map((h) => [h.hook_run_id, h.action])).toEqual([
      ['0000_0000', 'any branch'],
      ['0001_0000', 'releases only'],
    ]);
  });

  it('never run on a read-only repository', async () => {
    const { api, receiver, server } = env;
    await createRepository(api, 'frozen', { readOnly: true });
    await stage(api, 'frozen', 'main', { '_lakefs_actions/all.yaml': webhookAction('all', ['pre-commit', 'post-commit', 'pre-create-branch'], [['tell', `${receiver.url}/frozen`]]) }, '&force=true');
    const made = await commit(api, 'frozen', 'main', 'forced', { force: true });
    expect(made.status).toBe(201);
    expect((await api.post('/repositories/frozen/branches', { name: 'b', source: 'main', force: true })).status).toBe(201);
    await server.idle();
    expect(receiver.callsTo('/frozen')).toEqual([]);
    expect((await listRuns(api, 'frozen')).results).toEqual([]);
  });
});

describe('action files that are not valid', () => {
  const cases: Array<[what: string, yaml: string, problem: string]> = [
    ['bad YAML', 'name: [unclosed\non: {', 'invalid YAML: '],
    ['no name', 'on:\n  pre-commit:\nhooks: []\n', "'name' is required"],
    ['an unknown event', 'name: x1\non:\n  pre-push:\nhooks: []\n', "unknown event 'pre-push' in 'on'"],
    ['no url', 'name: x2\non:\n  pre-commit:\nhooks:\n  - id: hk\n    type: webhook\n    properties: {}\n', "hooks[0] ('hk'): 'properties.url' is required"],
    [
      'a URL that is not http',
      'name: x3\non:\n  pre-commit:\nhooks:\n  - id: hk\n    type: webhook\n    properties:\n      url: ftp://files.example/x?key=hidden\n',
      "hooks[0] ('hk'): 'properties.url' must be an http or https URL, not ftp://files.example/x?key=***",
    ],
    [
      'a bad timeout',
      'name: x4\non:\n  pre-commit:\nhooks:\n  - id: hk\n    type: webhook\n    properties:\n      url: http://127.0.0.1:1/\n      timeout: soon\n',
      "hooks[0] ('hk'): 'properties.timeout' must be a duration such as 30s or 1m, not 'soon'",
    ],
    ['a hook id lakeFS refuses', 'name: x6\non:\n  pre-commit:\nhooks:\n  - id: 9lives\n    type: webhook\n', "hooks[0]: id '9lives' must be 2 to 256 letters"],
    ['an unknown hook type', 'name: x5\non:\n  pre-commit:\nhooks:\n  - id: hk\n    type: shell\n', "hooks[0] ('hk'): unknown type 'shell' (webhook, airflow or lua)"],
  ];

  it.each(cases)('make a failed run that names the file and the problem, and a pre-event 412: %s', async (what, yaml, problem) => {
    const { api } = env;
    const repo = `bad-${cases.findIndex(([w]) => w === what)}`;
    await createRepository(api, repo);
    await stage(api, repo, 'main', { '_lakefs_actions/broken.yaml': yaml });
    const refused = await commit(api, repo, 'main', 'broken');
    expect(refused.status).toBe(412);
    const runId = abortedRunId(refused.body.message);
    expect(refused.body.message).toContain(`pre-commit hook aborted, run id '${runId}': 1 error occurred:\n\t* action file '_lakefs_actions/broken.yaml' is not valid: ${problem}`);
    expect(refused.body.message).not.toContain('hidden');

    const [run] = (await listRuns(api, repo)).results;
    expect(run).toMatchObject({ run_id: runId, status: 'failed', event_type: 'pre-commit' });
    const hooks = await listHookRuns(api, repo, runId);
    expect(hooks.results).toEqual([
      expect.objectContaining({ hook_run_id: '0000_0000', action: '_lakefs_actions/broken.yaml', hook_id: 'action_file', status: 'failed' }),
    ]);
    expect(await hookOutput(api, repo, runId, '0000_0000')).toContain(`Action file _lakefs_actions/broken.yaml is not valid: ${problem}`);
  });

  it('fail every event while one is staged, even events the file does not name', async () => {
    const { api } = env;
    await createRepository(api, 'bad-staged');
    await stage(api, 'bad-staged', 'main', { '_lakefs_actions/broken.yaml': 'name: xx\non:\n  post-merge:\n    branches: main\n' });
    const refused = await api.post<ErrorBody>('/repositories/bad-staged/branches', { name: 'dev', source: 'main' });
    expect(refused.status).toBe(412);
    expect(refused.body.message).toContain("action file '_lakefs_actions/broken.yaml' is not valid: 'on.post-merge.branches' must be a list of branch patterns");
    expect((await api.get<Ref>('/repositories/bad-staged/branches/dev')).status).toBe(404);
  });
});
