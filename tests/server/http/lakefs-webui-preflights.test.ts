// lakeFS's own web UI against Tarn: its preflights read a permission refusal from the status. Its request helper
// (`apiRequest`) takes a 401 `error authenticating request` as a lost session (it forgets the user) and any other 401 as
// an AuthorizationError; the upload preflight (`uploadPreflight`, stage_allowed) reads 204 as allowed and 401 as not
// allowed and anything else as an error; the GC-rules preflight (`setGCPolicyPreflight`) fails on anything but 204,
// and the branch-protection one (`createRulePreflight`) is allowed on 204 only. The small model below reads the
// answers as that client does (written for this test from its documented behaviour), against the real server, so a
// refusal must be lakeFS's 401 with the authorizer's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, client, startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let admin: Client;
let viewer: Client;
let developer: Client;
let writer: Client;
let ruler: Client;
let anonymous: Client;

const repo = 'preflights';
const arn = `arn:lakefs:fs:::repository/${repo}`;

class AuthenticationError extends Error {}
class AuthorizationError extends Error {}

/** How lakeFS's web UI reads any answer: the 401 rule, then the answer as it came. */
async function apiRequest(as: Client, path: string): Promise<Response> {
  const response = await as.raw(path);
  if (response.status === 401) {
    const message = ((await response.json()) as { message: string }).message;
    if (message === 'error authenticating request') throw new AuthenticationError('Authentication Error');
    throw new AuthorizationError(message);
  }
  return response;
}

const webUi = {
  async uploadPreflight(as: Client, branch: string, path: string): Promise<boolean> {
    const response = await apiRequest(as, `/repositories/${repo}/branches/${branch}/objects/stage_allowed?${new URLSearchParams({ path }).toString()}`);
    if (response.status === 204) return true;
    if (response.status === 401) return false;
    throw new Error(await response.text());
  },
  async setGCPolicyPreflight(as: Client): Promise<void> {
    const response = await apiRequest(as, `/repositories/${repo}/gc/rules/set_allowed`);
    if (response.status !== 204) throw new Error(await response.text());
  },
  async createRulePreflight(as: Client): Promise<boolean> {
    const response = await apiRequest(as, `/repositories/${repo}/branch_protection/set_allowed`);
    return response.status === 204;
  },
};

/** What the web UI makes of a preflight: allowed, refused (an AuthorizationError or `false`), logged out, or an error. */
async function reading(preflight: Promise<boolean | void>): Promise<string> {
  try {
    return (await preflight) === false ? 'refused' : 'allowed';
  } catch (err) {
    if (err instanceof AuthorizationError) return `refused: ${err.message}`;
    if (err instanceof AuthenticationError) return 'logged out';
    return `error: ${(err as Error).message}`;
  }
}

beforeAll(async () => {
  ({ server, api: admin } = await startWithAdmin());
  expect((await admin.post('/repositories', { name: repo, storage_namespace: `local://${repo}` })).status).toBe(201);
  const policy = async (id: string, statement: unknown[]) => expect((await admin.post('/auth/policies', { id, statement })).status).toBe(201);
  await policy('PreflightWrite', [
    { effect: 'allow', action: ['fs:WriteObject'], resource: `${arn}/object/*` },
    { effect: 'deny', action: ['fs:WriteObject'], resource: `${arn}/object/locked/*` },
  ]);
  await policy('PreflightRules', [{ effect: 'allow', action: ['retention:SetGarbageCollectionRules', 'branches:SetBranchProtectionRules'], resource: arn }]);
  viewer = client(server, (await addUser(admin, 'viewer', { groups: ['Viewers'] })).authorization);
  developer = client(server, (await addUser(admin, 'developer', { groups: ['Developers'] })).authorization);
  writer = client(server, (await addUser(admin, 'writer', { policies: ['PreflightWrite'] })).authorization);
  ruler = client(server, (await addUser(admin, 'ruler', { policies: ['PreflightRules'] })).authorization);
  anonymous = client(server, {});
});
afterAll(async () => {
  await server?.close();
});

describe('the upload preflight (stage_allowed)', () => {
  it('answers 401 naming fs:WriteObject to a user without it, and 204 to a user with it', async () => {
    const refused = await viewer.get(`/repositories/${repo}/branches/main/objects/stage_allowed?path=a.txt`);
    expect(refused).toMatchObject({
      status: 401,
      body: { message: `insufficient permissions: not allowed to fs:WriteObject on ${arn}/object/a.txt` },
    });
    expect((await writer.get(`/repositories/${repo}/branches/main/objects/stage_allowed?path=a.txt`)).status).toBe(204);
    expect((await developer.get(`/repositories/${repo}/branches/main/objects/stage_allowed?path=a.txt`)).status).toBe(204);
  });

  it('reads as lakeFS web UI reads it: allowed, not allowed, and only a lost session logs out', async () => {
    expect(await reading(webUi.uploadPreflight(writer, 'main', 'a.txt'))).toBe('allowed');
    expect(await reading(webUi.uploadPreflight(developer, 'main', 'a.txt'))).toBe('allowed');
    expect(await reading(webUi.uploadPreflight(viewer, 'main', 'a.txt'))).toBe(
      `refused: insufficient permissions: not allowed to fs:WriteObject on ${arn}/object/a.txt`,
    );
    expect(await reading(webUi.uploadPreflight(writer, 'main', 'locked/a.txt'))).toBe(
      `refused: insufficient permissions: denied permission to fs:WriteObject on ${arn}/object/locked/a.txt`,
    );
    expect(await reading(webUi.uploadPreflight(anonymous, 'main', 'a.txt'))).toBe('logged out');
  });
});

describe('the GC-rules preflight (gc/rules/set_allowed)', () => {
  it('answers 401 to a user without retention:SetGarbageCollectionRules, and 204 to a user with it', async () => {
    expect(await developer.get(`/repositories/${repo}/gc/rules/set_allowed`)).toMatchObject({
      status: 401,
      body: { message: `insufficient permissions: not allowed to retention:SetGarbageCollectionRules on ${arn}` },
    });
    expect((await ruler.get(`/repositories/${repo}/gc/rules/set_allowed`)).status).toBe(204);
    expect(await reading(webUi.setGCPolicyPreflight(ruler))).toBe('allowed');
    expect(await reading(webUi.setGCPolicyPreflight(admin))).toBe('allowed');
    expect(await reading(webUi.setGCPolicyPreflight(developer))).toBe(
      `refused: insufficient permissions: not allowed to retention:SetGarbageCollectionRules on ${arn}`,
    );
    expect(await reading(webUi.setGCPolicyPreflight(anonymous))).toBe('logged out');
  });
});

describe('the branch-protection preflight (branch_protection/set_allowed)', () => {
  it('answers 401 to a user without branches:SetBranchProtectionRules, and 204 to a user with it', async () => {
    expect(await viewer.get(`/repositories/${repo}/branch_protection/set_allowed`)).toMatchObject({
      status: 401,
      body: { message: `insufficient permissions: not allowed to branches:SetBranchProtectionRules on ${arn}` },
    });
    expect((await ruler.get(`/repositories/${repo}/branch_protection/set_allowed`)).status).toBe(204);
    expect(await reading(webUi.createRulePreflight(ruler))).toBe('allowed');
    expect(await reading(webUi.createRulePreflight(developer))).toBe(
      `refused: insufficient permissions: not allowed to branches:SetBranchProtectionRules on ${arn}`,
    );
    expect(await reading(webUi.createRulePreflight(anonymous))).toBe('logged out');
  });
});
