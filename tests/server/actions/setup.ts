// What the action tests share: the real server with an admin, a real webhook receiver, and short ways to write
// action files, commit, and read the run records back over the API.
import { expect } from 'vitest';
import type { ActionRun, ErrorBody, HookRun, Ref } from '../../../server/http/wire';
import { startWithAdmin, type Client, type Page, type TestServer } from '../http/harness';
import { startWebhookServer, type WebhookServer } from './webhook-server';

export interface ActionsEnv {
  server: TestServer;
  api: Client;
  receiver: WebhookServer;
  close(): Promise<void>;
}

export async function startActionsEnv(): Promise<ActionsEnv> {
  const { server, api } = await startWithAdmin();
  const receiver = await startWebhookServer();
  return {
    server,
    api,
    receiver,
    async close() {
      await receiver.close();
      await server.close();
    },
  };
}

export async function createRepository(api: Client, name: string, options: { readOnly?: boolean } = {}): Promise<void> {
  const res = await api.post('/repositories', { name, storage_namespace: `local://${name}`, ...(options.readOnly ? { read_only: true } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** Uploads files to a branch (without committing). */
export async function stage(api: Client, repo: string, branch: string, files: Record<string, string>, query = ''): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const res = await api.raw(`/repositories/${repo}/branches/${branch}/objects?path=${encodeURIComponent(path)}${query}`, {
      method: 'POST',
      body: content,
    });
    expect(res.status, await res.text()).toBe(201);
  }
}

export async function commit(api: Client, repo: string, branch: string, message: string, extra: Record<string, unknown> = {}) {
  return api.post<{ id: string } & ErrorBody>(`/repositories/${repo}/branches/${branch}/commits`, { message, ...extra });
}

export async function head(api: Client, repo: string, branch: string): Promise<string> {
  const res = await api.get<Ref>(`/repositories/${repo}/branches/${branch}`);
  expect(res.status).toBe(200);
  return res.body.commit_id;
}

export async function listRuns(api: Client, repo: string, query = ''): Promise<Page<ActionRun>> {
  const res = await api.get<Page<ActionRun>>(`/repositories/${repo}/actions/runs${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function listHookRuns(api: Client, repo: string, runId: string, query = ''): Promise<Page<HookRun>> {
  const res = await api.get<Page<HookRun>>(`/repositories/${repo}/actions/runs/${runId}/hooks${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function hookOutput(api: Client, repo: string, runId: string, hookRunId: string): Promise<string> {
  const res = await api.raw(`/repositories/${repo}/actions/runs/${runId}/hooks/${hookRunId}/output`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/octet-stream');
  return res.text();
}

/** The run id a 412 names. */
export function abortedRunId(message: string): string {
  const match = /run id '([^']+)'/.exec(message);
  if (!match?.[1]) throw new Error(`no run id in ${message}`);
  return match[1];
}

/** An action file with webhook hooks, one per `[id, url]`, answering `events` on `branches` (all when absent). */
export function webhookAction(name: string, events: string[], hooks: Array<[id: string, url: string]>, branches?: string[]): string {
  const on = events
    .map((event) => (branches ? `  ${event}:\n    branches: [${branches.map((b) => `'${b}'`).join(', ')}]` : `  ${event}:`))
    .join('\n');
  const list = hooks.map(([id, url]) => `  - id: ${id}\n    type: webhook\n    properties:\n      url: ${url}`).join('\n');
  return `name: ${name}\non:\n${on}\nhooks:\n${list}\n`;
}

export const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
