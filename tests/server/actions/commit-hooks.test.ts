// Pre- and post-commit hooks through the real server and a real webhook receiver: what a webhook receives, what
// its answer does to the commit, and what the run records and hook logs say afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionRun, Diff, ErrorBody } from '../../../server/http/wire';
import { client, startTestServer, startWithAdmin, type Page } from '../http/harness';
import {
  abortedRunId,
  commit,
  createRepository,
  head,
  hookOutput,
  listHookRuns,
  listRuns,
  rfc3339,
  stage,
  startActionsEnv,
  webhookAction,
  type ActionsEnv,
} from './setup';
import { startWebhookServer } from './webhook-server';

let env: ActionsEnv;

beforeAll(async () => {
  env = await startActionsEnv();
});
afterAll(async () => {
  await env.close();
});

describe('pre-commit hooks', () => {
  it('call each webhook in order with lakeFS’s event and let the commit through when all answer 2xx', async () => {
    const { api, receiver } = env;
    await createRepository(api, 'pre-ok');
    await stage(api, 'pre-ok', 'main', {
      '_lakefs_actions/check.yaml': webhookAction('check commits', ['pre-commit'], [
        ['first_check', `${receiver.url}/pre-ok/first`],
        ['second_check', `${receiver.url}/pre-ok/second`],
      ]),
      'data.txt': 'rows',
    });
    const made = await commit(api, 'pre-ok', 'main', 'add data', { metadata: { owner: 'etl' } });
    expect(made.status, made.body.message).toBe(201);
    expect(await head(api, 'pre-ok', 'main')).toBe(made.body.id);

    const [call] = receiver.callsTo('/pre-ok/first');
    expect(call?.method).toBe('POST');
    expect(call?.contentType).toBe('application/json');
    expect(call?.body).toEqual({
      event_type: 'pre-commit',
      event_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      action_name: 'check commits',
      hook_id: 'first_check',
      repository_id: 'pre-ok',
      branch_id: 'main',
      source_ref: 'main',
      commit_message: 'add data',
      committer: 'admin',
      commit_metadata: { owner: 'etl' },
    });
    expect(receiver.callsTo('/pre-ok/second').map((c) => c.body.hook_id)).toEqual(['second_check']);

    const runs = await listRuns(api, 'pre-ok');
    expect(runs.results).toEqual([
      {
        run_id: expect.any(String),
        branch: 'main',
        start_time: expect.stringMatching(rfc3339),
        end_time: expect.stringMatching(rfc3339),
        event_type: 'pre-commit',
        status: 'completed',
        commit_id: '',
      },
    ]);
    const runId = runs.results[0]!.run_id;
    const hooks = await listHookRuns(api, 'pre-ok', runId);
    expect(hooks.results.map(({ hook_run_id, action, hook_id, status }) => ({ hook_run_id, action, hook_id, status }))).toEqual([
      { hook_run_id: '0000_0000', action: 'check commits', hook_id: 'first_check', status: 'completed' },
      { hook_run_id: '0000_0001', action: 'check commits', hook_id: 'second_check', status: 'completed' },
    ]);
    for (const hook of hooks.results) expect(hook.end_time).toMatch(rfc3339);

    const log = await hookOutput(api, 'pre-ok', runId, '0000_0000');
    expect(log).toContain(`Request: POST ${receiver.url}/pre-ok/first`);
    expect(log).toContain('"event_type": "pre-commit"');
    expect(log).toMatch(/Response: 200 OK after \d+ ms\n\nok\n/);
  });

  it('refuse the commit with lakeFS’s 412 naming the failed hook, leave the branch as it was and skip the rest', async () => {
    const { api, receiver } = env;
    await createRepository(api, 'pre-fail');
    const before = await head(api, 'pre-fail', 'main');
    receiver.answer('/pre-fail/gate', 500, 'not today');
    await stage(api, 'pre-fail', 'main', {
      '_lakefs_actions/a-gate.yaml': webhookAction('gate keeper', ['pre-commit'], [
        ['gate', `${receiver.url}/pre-fail/gate`],
        ['after_gate', `${receiver.url}/pre-fail/after`],
      ]),
      '_lakefs_actions/b-audit.yml': webhookAction('audit', ['pre-commit'], [['record', `${receiver.url}/pre-fail/audit`]]),
      'data.txt': 'rows',
    });
    const refused = await commit(api, 'pre-fail', 'main', 'add data');
    expect(refused.status).toBe(412);
    const runId = abortedRunId(refused.body.message);
    expect(refused.body.message).toBe(
      `pre-commit hook aborted, run id '${runId}': 1 error occurred:\n\t* hook run id '0000_0000' failed on action 'gate keeper' hook 'gate': webhook answered 500 Internal Server Error`,
    );

    expect(await head(api, 'pre-fail', 'main')).toBe(before);
    const staged = await api.get<Page<Diff>>('/repositories/pre-fail/branches/main/diff');
    expect(staged.body.results.map((d) => d.path)).toEqual(['_lakefs_actions/a-gate.yaml', '_lakefs_actions/b-audit.yml', 'data.txt']);
    expect(receiver.callsTo('/pre-fail/after')).toEqual([]);
    expect(receiver.callsTo('/pre-fail/audit')).toHaveLength(1);

    const run = await api.get<ActionRun>(`/repositories/pre-fail/actions/runs/${runId}`);
    expect(run.body).toMatchObject({ run_id: runId, status: 'failed', event_type: 'pre-commit', branch: 'main', commit_id: '' });
    const hooks = await listHookRuns(api, 'pre-fail', runId);
    expect(hooks.results.map(({ hook_run_id, action, hook_id, status }) => ({ hook_run_id, action, hook_id, status }))).toEqual([
      { hook_run_id: '0000_0000', action: 'gate keeper', hook_id: 'gate', status: 'failed' },
      { hook_run_id: '0000_0001', action: 'gate keeper', hook_id: 'after_gate', status: 'skipped' },
      { hook_run_id: '0001_0000', action: 'audit', hook_id: 'record', status: 'completed' },
    ]);
    const gateLog = await hookOutput(api, 'pre-fail', runId, '0000_0000');
    expect(gateLog).toMatch(/Response: 500 Internal Server Error after \d+ ms\n\nnot today\n/);
    expect(await hookOutput(api, 'pre-fail', runId, '0000_0001')).toBe('');

    // Once the gate lets it through, the same commit lands, and its run is listed first.
    receiver.answer('/pre-fail/gate', 204);
    const made = await commit(api, 'pre-fail', 'main', 'add data');
    expect(made.status).toBe(201);
    const runs = await listRuns(api, 'pre-fail');
    expect(runs.results.map((r) => r.status)).toEqual(['completed', 'failed']);
    expect(runs.results[1]?.run_id).toBe(runId);
  });

  it('show a run and its hook as running, with the request logged, while the webhook has not answered', async () => {
    const { api, receiver } = env;
    await createRepository(api, 'pre-slow');
    await stage(api, 'pre-slow', 'main', {
      '_lakefs_actions/slow.yaml': webhookAction('slow check', ['pre-commit'], [['think', `${receiver.url}/pre-slow/think`]]),
    });
    const held = receiver.hold('/pre-slow/think');
    const committing = commit(api, 'pre-slow', 'main', 'wait for it');
    await held.arrived;

    const [running] = (await listRuns(api, 'pre-slow')).results;
    expect(running).toMatchObject({ status: 'running', event_type: 'pre-commit' });
    expect(running).not.toHaveProperty('end_time');
    const [hook] = (await listHookRuns(api, 'pre-slow', running!.run_id)).results;
    expect(hook).toMatchObject({ hook_run_id: '0000_0000', status: 'running' });
    expect(hook).not.toHaveProperty('end_time');
    const partial = await hookOutput(api, 'pre-slow', running!.run_id, '0000_0000');
    expect(partial).toContain(`Request: POST ${receiver.url}/pre-slow/think`);
    expect(partial).not.toContain('Response:');

    held.release(200);
    expect((await committing).status).toBe(201);
    const [done] = (await listRuns(api, 'pre-slow')).results;
    expect(done).toMatchObject({ run_id: running!.run_id, status: 'completed', end_time: expect.stringMatching(rfc3339) });
    expect(await hookOutput(api, 'pre-slow', running!.run_id, '0000_0000')).toContain('Response: 200 OK');
  });

  it('fail a hook whose webhook does not answer within its timeout', async () => {
    const { api, receiver } = env;
    await createRepository(api, 'pre-timeout');
    const action = `name: impatient
on:
  pre-commit:
hooks:
  - id: wait
    type: webhook
    properties:
      url: ${receiver.url}/pre-timeout/wait
      timeout: 150ms
`;
    await stage(api, 'pre-timeout', 'main', { '_lakefs_actions/impatient.yaml': action });
    const held = receiver.hold('/pre-timeout/wait');
    const refused = await commit(api, 'pre-timeout', 'main', 'never');
    held.release();
    expect(refused.status).toBe(412);
    expect(refused.body.message).toMatch(/failed on action 'impatient' hook 'wait': webhook timed out after 0\.15s$/);
    const runId = abortedRunId(refused.body.message);
    expect(await hookOutput(api, 'pre-timeout', runId, '0000_0000')).toMatch(/Failed after \d+ ms: webhook timed out after 0\.15s/);
  });

  it('send query_params and credentials of the address, and mask their values in the log', async () => {
    const { api, receiver } = env;
    await createRepository(api, 'query');
    const action = `name: with params
on:
  pre-commit:
hooks:
  - id: notify
    type: webhook
    description: tells the catalog service
    properties:
      url: ${receiver.url.replace('//', '//hook-user:pa55@')}/query/notify?static=1
      query_params:
        token: secret-value
        tags: [alpha, beta]
`;
    await stage(api, 'query', 'main', { '_lakefs_actions/params.yaml': action });
    expect((await commit(api, 'query', 'main', 'with params')).status).toBe(201);
    const [call] = receiver.callsTo('/query/notify');
    expect(call?.query.get('static')).toBe('1');
    expect(call?.query.get('token')).toBe('secret-value');
    expect(call?.query.getAll('tags')).toEqual(['alpha', 'beta']);
    expect(call?.authorization).toBe(`Basic ${Buffer.from('hook-user:pa55').toString('base64')}`);

    const [run] = (await listRuns(api, 'query')).results;
    const log = await hookOutput(api, 'query', run!.run_id, '0000_0000');
    expect(log).toContain(`Request: POST ${receiver.url.replace('//', '//hook-user:***@')}/query/notify?static=***&token=***&tags=***&tags=***`);
    expect(log).not.toContain('secret-value');
    expect(log).not.toContain('pa55');
  });

  it('fail hooks of types Tarn does not run, and hooks whose webhook cannot be reached', async () => {
    const { api, receiver } = env;
    await createRepository(api, 'unsupported');
    const closed = await startWebhookServer();
    const unreachable = `${closed.url}/gone`;
    await closed.close();
    const action = `name: mixed
on:
  pre-commit:
hooks:
  - id: script
    type: lua
    properties:
      script: print("hi")
`;
    await stage(api, 'unsupported', 'main', {
      '_lakefs_actions/mixed.yaml': action,
      '_lakefs_actions/nowhere.yaml': webhookAction('nowhere', ['pre-commit'], [['call', unreachable]]),
    });
    const refused = await commit(api, 'unsupported', 'main', 'x');
    expect(refused.status).toBe(412);
    const runId = abortedRunId(refused.body.message);
    expect(refused.body.message).toContain(': 2 errors occurred:\n\t* ');
    expect(refused.body.message).toContain(
      "hook run id '0000_0000' failed on action 'mixed' hook 'script': hook type 'lua' is not supported: Tarn runs webhook hooks only",
    );
    expect(refused.body.message).toMatch(/hook run id '0001_0000' failed on action 'nowhere' hook 'call': webhook request failed: .*ECONNREFUSED/);
    expect(await hookOutput(api, 'unsupported', runId, '0000_0000')).toContain("hook type 'lua' is not supported");
    expect(receiver.calls.some((c) => c.path === '/gone')).toBe(false);
  });
});

describe('post-commit hooks', () => {
  it('run after the commit, without holding its answer, and never undo it when they fail', async () => {
    const { api, receiver, server } = env;
    await createRepository(api, 'post');
    receiver.answer('/post/fail', 503, 'down');
    await stage(api, 'post', 'main', {
      '_lakefs_actions/after.yaml': webhookAction('after commit', ['post-commit'], [
        ['slow', `${receiver.url}/post/slow`],
        ['fail', `${receiver.url}/post/fail`],
        ['never', `${receiver.url}/post/never`],
      ]),
    });
    const held = receiver.hold('/post/slow');
    const made = await commit(api, 'post', 'main', 'publish', { metadata: { k: 'v' } });
    expect(made.status).toBe(201);
    const call = await held.arrived;
    expect(call.body).toMatchObject({
      event_type: 'post-commit',
      branch_id: 'main',
      source_ref: made.body.id,
      commit_id: made.body.id,
      commit_message: 'publish',
      committer: 'admin',
      commit_metadata: { k: 'v' },
    });
    const [running] = (await listRuns(api, 'post')).results;
    expect(running).toMatchObject({ status: 'running', event_type: 'post-commit', commit_id: made.body.id });

    held.release(200);
    await server.idle();
    expect(await head(api, 'post', 'main')).toBe(made.body.id);
    const [run] = (await listRuns(api, 'post')).results;
    expect(run).toMatchObject({ run_id: running!.run_id, status: 'failed' });
    const hooks = await listHookRuns(api, 'post', run!.run_id);
    expect(hooks.results.map((h) => [h.hook_id, h.status])).toEqual([
      ['slow', 'completed'],
      ['fail', 'failed'],
      ['never', 'skipped'],
    ]);
    expect(receiver.callsTo('/post/never')).toEqual([]);
    const log = await hookOutput(api, 'post', run!.run_id, '0000_0001');
    expect(log).toMatch(/Response: 503 Service Unavailable after \d+ ms\n\ndown\n/);
  });

  it('record no run when the repository has no action files for the event', async () => {
    const { api } = env;
    await createRepository(api, 'quiet');
    await stage(api, 'quiet', 'main', { 'data.txt': 'x', '_lakefs_actions/notes.md': 'not an action' });
    expect((await commit(api, 'quiet', 'main', 'x')).status).toBe(201);
    expect((await listRuns(api, 'quiet')).results).toEqual([]);
    const refused = await api.get<ErrorBody>('/repositories/quiet/actions/runs/nothing');
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('run not found');
  });

  it('are cut short when the server closes, which waits for them and records them as failed', async () => {
    const { receiver } = env;
    const { server, api, authorization } = await startWithAdmin();
    await createRepository(api, 'closing');
    await stage(api, 'closing', 'main', {
      '_lakefs_actions/after.yaml': webhookAction('after commit', ['post-commit'], [['wait', `${receiver.url}/closing/wait`]]),
    });
    const held = receiver.hold('/closing/wait');
    expect((await commit(api, 'closing', 'main', 'publish')).status).toBe(201);
    await held.arrived;
    await server.close(true);
    held.release();

    const again = await startTestServer(server.dataDir);
    try {
      const reopened = client(again, authorization);
      const [run] = (await listRuns(reopened, 'closing')).results;
      expect(run).toMatchObject({ event_type: 'post-commit', status: 'failed' });
      expect((await listHookRuns(reopened, 'closing', run!.run_id)).results).toEqual([expect.objectContaining({ hook_id: 'wait', status: 'failed' })]);
      expect(await hookOutput(reopened, 'closing', run!.run_id, '0000_0000')).toContain('webhook call cancelled: the server is shutting down');
    } finally {
      await again.close();
    }
  });
});
