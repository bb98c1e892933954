// Journey: an administrator configures repositories and inspects action runs through the console, against the real
// server. Settings → General (the read-only toggle and back, deleting a repository through its modal), Garbage
// Collection (create, edit, delete the policy), Branch Protection (add, delete a rule), a user whom the server's
// preflight refuses (the changes disabled, saying why), and the action runs of a repository whose
// `_lakefs_actions/` file has a pre-commit webhook to a local HTTP server: the run is listed, and its detail shows
// the hook and its log.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, becomesEnabled, disappears, loginThroughUi, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';

const JOURNEY = 'repository-settings-actions';
const SETTINGS_REPO = 'e2e-settings';
const ACTIONS_REPO = 'e2e-actions';
const ACTION_NAME = 'Check the commit';
const HOOK_ID = 'notify_webhook';
const DEVELOPER = 'developer';

interface WebhookCall {
  path: string;
  body: string;
}

/** A local webhook receiver: it records each call and answers 200. */
async function startWebhook(): Promise<{ server: Server; url: string; calls: WebhookCall[] }> {
  const calls: WebhookCall[] = [];
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => resolve(body));
      request.on('error', reject);
    });
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      calls.push({ path: request.url ?? '', body });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('webhook received the commit');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/pre-commit`, calls };
}

function actionFile(webhookUrl: string): string {
  return [
    `name: ${ACTION_NAME}`,
    'on:',
    '  pre-commit:',
    '    branches:',
    '      - main',
    'hooks:',
    `  - id: ${HOOK_ID}`,
    '    type: webhook',
    '    properties:',
    `      url: ${webhookUrl}`,
    '',
  ].join('\n');
}

describe(`journey: ${JOURNEY}`, () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let webhook: Awaited<ReturnType<typeof startWebhook>> | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  const { step, records, currentStep } = stepRunner(JOURNEY, () => page, () => tarn);

  /** A call to the server's API as the admin (HTTP Basic with the admin's keys). */
  async function callApi(method: string, path: string, init: { json?: unknown; form?: FormData } = {}): Promise<Response> {
    if (!tarn || !credentials) throw new Error('the server is not set up');
    const authorization = `Basic ${Buffer.from(`${credentials.accessKeyId}:${credentials.secretAccessKey}`).toString('base64')}`;
    const headers: Record<string, string> = { authorization };
    let body: string | FormData | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      body = init.form;
    }
    return fetch(`${tarn.url}/api/v1${path}`, { method, headers, body });
  }

  async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
    if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
    return response;
  }

  async function createRepository(id: string): Promise<void> {
    await expectStatus(
      await callApi('POST', '/repositories', { json: { name: id, storage_namespace: `local://${id}`, default_branch: 'main' } }),
      201,
      `creating repository ${id}`,
    );
  }

  async function upload(repo: string, path: string, content: string): Promise<void> {
    const form = new FormData();
    form.append('content', new Blob([content], { type: 'text/plain' }), path.split('/').at(-1));
    await expectStatus(
      await callApi('POST', `/repositories/${repo}/branches/main/objects?path=${encodeURIComponent(path)}`, { form }),
      201,
      `uploading ${path}`,
    );
  }

  async function commit(repo: string, message: string): Promise<void> {
    await expectStatus(await callApi('POST', `/repositories/${repo}/branches/main/commits`, { json: { message } }), 201, `committing '${message}'`);
  }

  beforeAll(async () => {
    [tarn, browser, webhook] = await Promise.all([startTarn(), launchChromium(), startWebhook()]);
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep));
    credentials = await setupThroughApi(tarn.url);
    await createRepository(SETTINGS_REPO);
  });

  afterAll(async () => {
    await endJourney(JOURNEY, records, { context, browser, tarn });
    await new Promise((resolve) => (webhook ? webhook.server.close(resolve) : resolve(undefined)));
  });

  const readOnlyToggle = () => page.getByRole('checkbox', { name: 'Read-only repository' });
  /** A tab of the repository (by its exact name: repository and object names can contain a tab's). */
  const tab = (name: string) => page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name, exact: true });
  /** An entry of the settings' side menu. */
  const settingsLink = (name: string) => page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name, exact: true });
  const deleteButton = () => page.getByRole('button', { name: 'Delete Repository' });
  const badge = () => page.getByText('Read-only', { exact: true });

  it('logs in and opens the repository settings on General', () =>
    step('open settings', async () => {
      if (!credentials) throw new Error('no credentials: setup did not finish');
      await loginThroughUi(page, credentials);
      await visit(page, `/repositories/${SETTINGS_REPO}`);
      await arrivesAt(page, new RegExp(`^/repositories/${SETTINGS_REPO}/objects`));
      await tab('Settings').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SETTINGS_REPO}/settings/general`));
      // Each value is the description that follows its term.
      const fact = (name: string) => page.getByRole('term').filter({ hasText: name }).locator('xpath=following-sibling::dd[1]').textContent();
      expect(await fact('Repository name'), 'the repository name').toBe(SETTINGS_REPO);
      expect(await fact('Storage namespace'), 'the storage namespace').toBe(`local://${SETTINGS_REPO}`);
      expect(await fact('Default branch'), 'the default branch').toBe('main');
      expect(await readOnlyToggle().isChecked(), 'a new repository is writable').toBe(false);
      await becomesEnabled(deleteButton(), 'Delete Repository');
      await screenshot(page, 'rs-01-settings-general');
    }));

  it('makes the repository read-only: the badge shows, Delete Repository and Upload are disabled', () =>
    step('read-only on', async () => {
      // The switch's checkbox is visually hidden: the user clicks its label.
      await page.getByText('Read-only repository', { exact: true }).click();
      await shows(badge(), "the 'Read-only' badge of the repository");
      await expect.poll(() => deleteButton().isDisabled(), { message: 'Delete Repository is disabled' }).toBe(true);
      expect(await readOnlyToggle().isChecked(), 'the toggle shows read-only').toBe(true);
      const repository = (await (await callApi('GET', `/repositories/${SETTINGS_REPO}`)).json()) as { read_only?: boolean };
      expect(repository.read_only, 'the server has the repository read-only').toBe(true);
      await screenshot(page, 'rs-02-settings-read-only');
      await tab('Objects').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SETTINGS_REPO}/objects`));
      const uploadButton = page.getByRole('button', { name: 'Upload', exact: true });
      await shows(uploadButton, 'the Upload button');
      expect(await uploadButton.isDisabled(), 'Upload is disabled on a read-only repository').toBe(true);
      await visit(page, '/repositories');
      const row = page.getByRole('table', { name: 'Repositories' }).getByRole('row').filter({ hasText: SETTINGS_REPO });
      await shows(row.getByText('Read-only', { exact: true }), 'the read-only badge in the repository list');
    }));

  it('makes the repository writable again', () =>
    step('read-only off', async () => {
      await page.goto(`/repositories/${SETTINGS_REPO}/settings/general`);
      await shows(readOnlyToggle(), 'the read-only toggle');
      expect(await readOnlyToggle().isChecked(), 'the toggle shows read-only after a reload').toBe(true);
      await page.getByText('Read-only repository', { exact: true }).click();
      await disappears(badge(), "the 'Read-only' badge");
      await becomesEnabled(deleteButton(), 'Delete Repository');
      const repository = (await (await callApi('GET', `/repositories/${SETTINGS_REPO}`)).json()) as { read_only?: boolean };
      expect(repository.read_only ?? false, 'the server has the repository writable').toBe(false);
    }));

  it('creates, edits and deletes the garbage collection policy', () =>
    step('garbage collection', async () => {
      await settingsLink('Garbage Collection').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SETTINGS_REPO}/settings/retention`));
      await shows(page.getByText('A garbage collection policy is not set yet.'), 'the no-policy message');
      const editor = page.getByRole('textbox', { name: 'Policy JSON' });
      expect(JSON.parse(await editor.inputValue()), 'the template').toEqual({
        default_retention_days: 21,
        branches: [{ branch_id: 'main', retention_days: 28 }],
      });
      await screenshot(page, 'rs-03-gc-create');
      await page.getByRole('button', { name: 'Save' }).click();
      await shows(page.getByText('Default retention days: 21'), 'the created policy');
      await shows(page.getByRole('table', { name: 'Retention by branch' }).getByRole('row', { name: /main\s*28/ }), 'main at 28 days');

      await page.getByRole('button', { name: 'Edit Policy' }).click();
      await editor.fill(JSON.stringify({ default_retention_days: 7, branches: [{ branch_id: 'main', retention_days: 14 }] }));
      await page.getByRole('button', { name: 'Save' }).click();
      await shows(page.getByText('Default retention days: 7'), 'the edited policy');
      const rules = (await (await callApi('GET', `/repositories/${SETTINGS_REPO}/settings/gc_rules`)).json()) as unknown;
      expect(rules, 'the server has the edited policy').toEqual({
        default_retention_days: 7,
        branches: [{ branch_id: 'main', retention_days: 14 }],
      });
      // The switch's checkbox is visually hidden: the user clicks its label.
      await page.getByText('JSON view', { exact: true }).click();
      await shows(page.getByLabel('Policy JSON').filter({ hasText: '"default_retention_days": 7' }), 'the policy as JSON');
      await screenshot(page, 'rs-04-gc-policy');

      await page.getByRole('button', { name: 'Delete Policy' }).click();
      await shows(page.getByText('A garbage collection policy is not set yet.'), 'the no-policy message after the delete');
      const gone = await callApi('GET', `/repositories/${SETTINGS_REPO}/settings/gc_rules`);
      expect(gone.status, 'the server has no policy any more').toBe(404);
    }));

  it('adds and deletes a branch protection rule', () =>
    step('branch protection', async () => {
      await settingsLink('Branch Protection').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SETTINGS_REPO}/settings/branches`));
      await shows(page.getByText("There aren't any rules yet."), 'the empty rules text');
      await page.getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Branch Protection Rule' });
      await shows(dialog, 'the Create Branch Protection Rule dialog');
      const create = dialog.getByRole('button', { name: 'Create' });
      expect(await create.isDisabled(), 'Create is disabled while the pattern is empty').toBe(true);
      await dialog.getByLabel('Branch name pattern').fill('main');
      await create.click();
      await disappears(dialog, 'the dialog');
      const rules = page.getByRole('table', { name: 'Branch protection rules' });
      await shows(rules.getByText('main', { exact: true }), 'the new rule');
      const stored = (await (await callApi('GET', `/repositories/${SETTINGS_REPO}/settings/branch_protection`)).json()) as unknown;
      expect(stored, 'the server has the rule').toEqual([{ pattern: 'main' }]);
      await screenshot(page, 'rs-05-branch-protection');
      await page.getByRole('button', { name: 'Delete rule main' }).click();
      await shows(page.getByText("There aren't any rules yet."), 'the empty rules text after the delete');
      const after = (await (await callApi('GET', `/repositories/${SETTINGS_REPO}/settings/branch_protection`)).json()) as unknown;
      expect(after, 'the server has no rules').toEqual([]);
    }));

  it("keeps a Developers member's settings changes disabled, saying why, when the server's preflight refuses them", () =>
    step('preflight refused', async () => {
      // Developers read the repository's settings but may not change them.
      await expectStatus(await callApi('POST', '/auth/users', { json: { id: DEVELOPER } }), 201, 'creating the developer');
      await expectStatus(await callApi('PUT', `/auth/groups/Developers/members/${DEVELOPER}`), 201, 'adding the developer to Developers');
      const key = (await (await expectStatus(await callApi('POST', `/auth/users/${DEVELOPER}/credentials`), 201, "creating the developer's key")).json()) as {
        access_key_id: string;
        secret_access_key: string;
      };
      const current = await callApi('GET', `/repositories/${SETTINGS_REPO}/settings/branch_protection`);
      await expectStatus(
        await fetch(`${tarn!.url}/api/v1/repositories/${SETTINGS_REPO}/settings/branch_protection`, {
          method: 'PUT',
          headers: {
            authorization: `Basic ${Buffer.from(`${credentials!.accessKeyId}:${credentials!.secretAccessKey}`).toString('base64')}`,
            'content-type': 'application/json',
            'if-match': current.headers.get('etag') ?? '',
          },
          body: JSON.stringify([{ pattern: 'main' }]),
        }),
        204,
        'protecting main',
      );
      const developer = await browser!.newContext({ viewport: { width: 1280, height: 800 }, baseURL: tarn!.url });
      // The console cannot read the developer's policies here (as with an external authorizer): the server's
      // preflight alone decides. The refusal is lakeFS's 401, which must not sign the developer out.
      await developer.route(
        (url) => url.pathname === `/api/v1/auth/users/${DEVELOPER}/policies`,
        (route) => route.fulfill({ status: 401, json: { message: 'insufficient permissions: not allowed to auth:ReadUser' } }),
      );
      const developerPage = await developer.newPage();
      try {
        await loginThroughUi(developerPage, { accessKeyId: key.access_key_id, secretAccessKey: key.secret_access_key });
        const gcPreflight = developerPage.waitForResponse((r) => r.url().endsWith(`/repositories/${SETTINGS_REPO}/gc/rules/set_allowed`));
        await visit(developerPage, `/repositories/${SETTINGS_REPO}/settings/retention`);
        expect((await gcPreflight).status(), 'the server refuses the developer setting GC rules (401, as lakeFS)').toBe(401);
        const save = developerPage.getByRole('button', { name: 'Save' });
        await shows(save, 'the create form');
        await expect
          .poll(() => save.getAttribute('title'), { timeout: 10_000, message: "Save's reason" })
          .toBe("You are not allowed to change this repository's garbage collection policy.");
        expect(await save.isDisabled(), 'Save is disabled').toBe(true);
        await screenshot(developerPage, 'rs-05b-gc-preflight-refused');

        const protectionPreflight = developerPage.waitForResponse((r) =>
          r.url().endsWith(`/repositories/${SETTINGS_REPO}/branch_protection/set_allowed`),
        );
        await developerPage.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Branch Protection', exact: true }).click();
        expect((await protectionPreflight).status(), 'the server refuses the developer setting protection rules (401, as lakeFS)').toBe(401);
        const refusal = "You are not allowed to change this repository's branch protection rules.";
        const del = developerPage.getByRole('button', { name: 'Delete rule main' });
        await shows(del, 'the rule on main');
        await expect.poll(() => del.getAttribute('title'), { timeout: 10_000, message: "Delete's reason" }).toBe(refusal);
        expect(await del.isDisabled(), 'Delete is disabled').toBe(true);
        const add = developerPage.getByRole('button', { name: 'Add' });
        expect(await add.getAttribute('title'), "Add's reason").toBe(refusal);
        expect(await add.isDisabled(), 'Add is disabled').toBe(true);
        // The refusals (the policies' read and both preflights, all 401) never sent the developer to login.
        expect(new URL(developerPage.url()).pathname, 'still on the settings, signed in').toMatch(new RegExp(`^/repositories/${SETTINGS_REPO}/settings/`));
        await screenshot(developerPage, 'rs-05c-protection-preflight-refused');
      } finally {
        await developer.close();
      }
    }));

  it('deletes the repository through the modal, after its id is typed', () =>
    step('delete repository', async () => {
      await settingsLink('General').click();
      await becomesEnabled(deleteButton(), 'Delete Repository');
      await deleteButton().click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete Repository' });
      await shows(dialog, 'the delete dialog');
      await shows(dialog.getByText('Data in the underlying object store will not be deleted by this action.'), 'what stays');
      const confirm = dialog.getByRole('button', { name: 'I understand the consequences, delete this repository' });
      const typed = dialog.getByPlaceholder('Enter repository name to confirm');
      await typed.fill(SETTINGS_REPO.slice(0, -1));
      expect(await confirm.isDisabled(), 'confirm is disabled until the id is typed').toBe(true);
      await typed.fill(SETTINGS_REPO);
      await screenshot(page, 'rs-06-delete-repository');
      await becomesEnabled(confirm, 'the confirm button');
      await confirm.click();
      await arrivesAt(page, /^\/repositories\/?(\?|$)/);
      const gone = await callApi('GET', `/repositories/${SETTINGS_REPO}`);
      expect([404, 410], 'the repository is gone or being deleted').toContain(gone.status);
    }));

  it('lists the run of a pre-commit webhook, filters it by branch, and shows its detail with the log', () =>
    step('action runs', async () => {
      if (!webhook) throw new Error('no webhook server');
      await createRepository(ACTIONS_REPO);
      await upload(ACTIONS_REPO, '_lakefs_actions/check.yaml', actionFile(webhook.url));
      await commit(ACTIONS_REPO, 'Add the pre-commit action');
      await upload(ACTIONS_REPO, 'data/values.csv', 'day,value\n2026-01-01,3\n');
      await commit(ACTIONS_REPO, 'Add values');
      expect(webhook.calls.length, 'the webhook was called on commit').toBeGreaterThanOrEqual(1);
      expect(webhook.calls.at(-1)?.path, 'the webhook path').toBe('/hooks/pre-commit');
      expect(webhook.calls.at(-1)?.body, 'the webhook was told of the pre-commit').toContain('pre-commit');

      await visit(page, `/repositories/${ACTIONS_REPO}/objects`);
      await tab('Actions').click();
      await arrivesAt(page, new RegExp(`^/repositories/${ACTIONS_REPO}/actions`));
      const runs = page.getByRole('table', { name: 'Action runs' });
      const row = runs.getByRole('row').filter({ hasText: 'pre-commit' }).first();
      await shows(row, 'a pre-commit run in the list');
      await shows(row.getByRole('img', { name: 'completed' }), 'the completed status of the run');
      await screenshot(page, 'rs-07-action-runs');

      await row.getByRole('button', { name: 'Filter by branch main' }).click();
      await arrivesAt(page, /[?&]branch=main/);
      await shows(page.getByText('branch: main'), 'the branch filter chip');
      await page.getByRole('button', { name: 'Remove branch filter' }).click();
      await disappears(page.getByText('branch: main'), 'the branch filter chip');

      await runs.getByRole('row').filter({ hasText: 'pre-commit' }).first().getByRole('link').first().click();
      await arrivesAt(page, new RegExp(`^/repositories/${ACTIONS_REPO}/actions/[^/?]+`));
      const summary = page.getByRole('table', { name: 'Summary' });
      await shows(summary.getByText('pre-commit', { exact: true }), 'the event type in the summary');
      await shows(summary.getByRole('img', { name: 'completed' }), 'the completed status in the summary');
      await page.getByRole('navigation', { name: 'Actions of the run' }).getByRole('link', { name: ACTION_NAME }).click();
      await arrivesAt(page, /[?&]action=/);
      const execution = page.getByRole('button', { name: new RegExp(HOOK_ID) });
      await shows(execution, 'the hook execution');
      expect(await execution.innerText(), 'the execution title').toMatch(/\(completed in \d+s\)/);
      await execution.click();
      const log = page.getByLabel(`Log of ${HOOK_ID}`);
      await shows(log, 'the hook log');
      expect((await log.innerText()).trim().length, 'the log has text').toBeGreaterThan(0);
      await screenshot(page, 'rs-08-action-run');
    }));

  it('met no page error, console error, CSP violation or server error', () => {
    expect(problems).toEqual([]);
  });
});
