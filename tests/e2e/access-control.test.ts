// Journey: an administrator manages access control through the console, against the real server. My Credentials
// (create a key, its secret shown once; revoke it), Users (create, invite with the activation link, delete),
// a user's Group Memberships, Directly Attached and Effective Attached Policies, Policies (create, edit, JSON view),
// Groups (create, members, attach and detach a policy, delete), a Viewers member refused the Users list with the
// missing permission, and invited-user activation followed by a login with e-mail and password. A second server in
// simplified mode (`--rbac simplified`) shows the groups' Permission, hides Policies and promotes RBAC.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, becomesEnabled, disappears, loginThroughUi, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';

const JOURNEY = 'access-control';
const USER = 'viv';
const GROUP = 'DataTeam';
const POLICY = 'E2EReadLake';
const INVITED = 'jane@example.com';
const PASSWORD = 'lake-e2e-password';

describe(`journey: ${JOURNEY}`, () => {
  let tarn: RunningTarn | undefined;
  let simplified: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let activationUrl = '';
  const { step, records, currentStep } = stepRunner(JOURNEY, () => page, () => tarn);

  /** A call to the server's API as the admin (HTTP Basic with the admin's keys). */
  async function callApi(method: string, path: string, json?: unknown): Promise<Response> {
    if (!tarn || !credentials) throw new Error('the server is not set up');
    const authorization = `Basic ${Buffer.from(`${credentials.accessKeyId}:${credentials.secretAccessKey}`).toString('base64')}`;
    const headers: Record<string, string> = { authorization };
    if (json !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${tarn.url}/api/v1${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  }

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, { permissions: ['clipboard-read', 'clipboard-write'] }));
    credentials = await setupThroughApi(tarn.url);
  });

  afterAll(async () => {
    await endJourney(JOURNEY, records, { context, browser, tarn });
    await simplified?.stop();
  });

  const menuLink = (name: string) => page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name, exact: true });
  const tabLink = (name: string) => page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name, exact: true });
  const table = (name: string) => page.getByRole('table', { name });
  const dialog = () => page.getByRole('dialog').or(page.getByRole('alertdialog'));
  const button = (name: string) => page.getByRole('button', { name, exact: true });

  /** Ticks a row's checkbox as a user does, on its visible box (the input itself sits under it). */
  async function tick(rows: ReturnType<typeof table>, id: string): Promise<void> {
    const input = rows.getByLabel(`Select ${id}`);
    await input.locator('xpath=..').click();
    expect(await input.isChecked(), `${id} selected`).toBe(true);
  }

  /** Opens the picker of a tab, searches, ticks `id` among the (at most 5) results, and adds it. */
  async function pick(open: string, search: string, id: string): Promise<void> {
    await button(open).click();
    const picker = page.getByRole('dialog', { name: open });
    await shows(picker, `the ${open} picker`);
    await picker.getByRole('searchbox').fill(search);
    const candidate = picker.getByRole('group', { name: /^Choose / }).getByText(id, { exact: true });
    await shows(candidate, `${id} among the picker's results`);
    expect(await picker.getByRole('checkbox').count(), 'picker results').toBeLessThanOrEqual(5);
    // The drawn box and its label take the click; the input itself sits under them.
    await candidate.click();
    expect(await picker.getByRole('checkbox', { name: id, exact: true }).isChecked(), `${id} ticked`).toBe(true);
    await picker.getByRole('button', { name: /^Add 1 / }).click();
    await disappears(picker, `the ${open} picker`);
  }

  it('opens Administration on My Credentials, creates a key shown once, and revokes it', () =>
    step('credentials', async () => {
      if (!credentials) throw new Error('no credentials: setup did not finish');
      await loginThroughUi(page, credentials);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Administration' }).click();
      await arrivesAt(page, /^\/auth\/credentials/);
      for (const name of ['My Credentials', 'Users', 'Groups', 'Policies']) await shows(menuLink(name), `the ${name} menu entry`);
      const keys = table('Access keys');
      await shows(keys.getByText(credentials.accessKeyId), 'the key in use');
      expect(await keys.getByRole('button', { name: 'Revoke' }).count(), 'Revoke offered for the key in use').toBe(0);

      await button('Create Access Key').click();
      await shows(dialog().getByText('Create a new access key for admin?'), 'the confirmation');
      await dialog().getByRole('button', { name: 'Create', exact: true }).click();
      await shows(dialog().getByText('You will not be able to access it again.', { exact: false }), 'the keep-it-safe warning');
      const newKey = (await dialog().getByLabel('Access Key ID', { exact: true }).innerText()).trim();
      expect(newKey.length, 'the new access key id').toBeGreaterThan(0);
      expect((await dialog().getByLabel('Secret Access Key', { exact: true }).innerText()).trim().length, 'the secret').toBeGreaterThan(0);
      await dialog().getByRole('button', { name: 'Copy Secret Access Key' }).click();
      await screenshot(page, 'ac-01-new-key');
      await button('Done').click();
      const row = keys.getByRole('row').filter({ hasText: newKey });
      await shows(row, 'the new key in the list');

      await row.getByRole('button', { name: 'Revoke' }).click();
      await shows(dialog().getByText(`Are you sure you'd like to delete access key ${newKey}?`), 'the revoke confirmation');
      await dialog().getByRole('button', { name: 'Revoke', exact: true }).click();
      await disappears(keys.getByText(newKey), 'the revoked key');
    }));

  it('creates a policy, edits it, and shows it as a table and as JSON', () =>
    step('policies', async () => {
      await menuLink('Policies').click();
      await arrivesAt(page, /^\/auth\/policies/);
      await shows(table('Policies').getByRole('link', { name: 'FSReadAll', exact: true }), 'the built-in FSReadAll policy');
      await button('Create Policy').click();
      const editor = page.getByRole('dialog', { name: 'Create Policy' });
      await editor.getByPlaceholder("Policy ID (e.g. 'MyRepoReadWrite')").fill(POLICY);
      const documentField = editor.getByLabel('Policy document');
      await documentField.fill('{"statement": [{"effect": "allow", "action": ["fs:ReadObjekt"], "resource": "*"}]}');
      await shows(editor.getByText("'fs:ReadObjekt' matches no fs action", { exact: false }), 'the unknown action flagged');
      expect(await editor.getByRole('button', { name: 'Save' }).isDisabled(), 'Save with an unknown action').toBe(true);
      await documentField.fill(
        '{"statement": [{"effect": "allow", "action": ["fs:ReadObject", "fs:ListObjects"], "resource": "arn:lakefs:fs:::repository/lake/*"}]}',
      );
      await becomesEnabled(editor.getByRole('button', { name: 'Save' }), 'Save');
      await editor.getByRole('button', { name: 'Save' }).click();
      await arrivesAt(page, new RegExp(`^/auth/policies/${POLICY}$`));
      const statements = table('Statements');
      await shows(statements.getByText('fs:ListObjects', { exact: true }), 'the listed action');
      await shows(statements.getByText('allow', { exact: true }), 'the allow effect');

      await button('Edit').click();
      const edit = page.getByRole('dialog', { name: 'Edit Policy' });
      await edit
        .getByLabel('Policy document')
        .fill('{"statement": [{"effect": "deny", "action": ["fs:DeleteObject"], "resource": "arn:lakefs:fs:::repository/lake/*"}]}');
      await edit.getByRole('button', { name: 'Save' }).click();
      await disappears(edit, 'the editor');
      await shows(statements.getByText('fs:DeleteObject', { exact: true }), 'the edited action after the refresh');
      await shows(statements.getByText('deny', { exact: true }), 'the deny effect');
      await page.getByText('JSON View', { exact: true }).click();
      await shows(page.getByLabel('Policy JSON'), 'the JSON view');
      expect(await page.getByLabel('Policy JSON').innerText(), 'the JSON').toContain('"fs:DeleteObject"');
      await screenshot(page, 'ac-02-policy');
    }));

  it('creates a user, adds it to Viewers, attaches and detaches a policy, and shows its effective policies', () =>
    step('users', async () => {
      await menuLink('Users').click();
      await arrivesAt(page, /^\/auth\/users/);
      const users = table('Users');
      expect(await users.getByLabel('Select admin').isDisabled(), "the signed-in user's own row").toBe(true);
      // Tarn invites by e-mail, so a user created by name is an API user.
      await shows(button('Invite User'), 'Invite User');
      expect(await button('Create User').count(), 'no plain Create User beside Invite User').toBe(0);
      await screenshot(page, 'ac-02b-users');
      await button('Create API User').click();
      const create = page.getByRole('dialog', { name: 'Create API User' });
      await create.getByLabel('User name').fill('bad%name');
      await shows(create.getByText('User name cannot include the % sign'), 'the % refusal');
      await create.getByLabel('User name').fill(USER);
      await create.getByRole('button', { name: 'Create' }).click();
      await disappears(create, 'the create dialog');
      await users.getByRole('link', { name: USER, exact: true }).click();
      await arrivesAt(page, new RegExp(`^/auth/users/${USER}/groups`));
      await shows(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Users' }), 'the breadcrumb');
      for (const name of ['Group Memberships', 'Directly Attached Policies', 'Effective Attached Policies', 'Access Credentials']) {
        await shows(tabLink(name), `the ${name} tab`);
      }

      await pick('Add User to Group', 'View', 'Viewers');
      await shows(table('Group Memberships').getByRole('link', { name: 'Viewers', exact: true }), 'Viewers among the groups');

      await tabLink('Directly Attached Policies').click();
      await pick('Attach Policy', 'E2E', POLICY);
      const direct = table('Directly Attached Policies');
      await shows(direct.getByRole('link', { name: POLICY, exact: true }), 'the attached policy');

      await tabLink('Effective Attached Policies').click();
      const effective = table('Effective Attached Policies');
      await shows(effective.getByRole('link', { name: POLICY, exact: true }), 'the direct policy among the effective ones');
      await shows(effective.getByRole('link', { name: 'FSReadAll', exact: true }), "the Viewers group's policy among the effective ones");
      expect(await effective.getByRole('button').count(), 'actions on effective policies').toBe(0);
      await screenshot(page, 'ac-03-effective-policies');

      await tabLink('Directly Attached Policies').click();
      await direct.getByRole('button', { name: `Detach ${POLICY}` }).click();
      await dialog().getByRole('button', { name: 'Detach', exact: true }).click();
      await disappears(direct.getByRole('link', { name: POLICY, exact: true }), 'the detached policy');
    }));

  it('creates a group, adds a member, attaches and detaches a policy, and deletes the group', () =>
    step('groups', async () => {
      await menuLink('Groups').click();
      await arrivesAt(page, /^\/auth\/groups/);
      await button('Create Group').click();
      const create = page.getByRole('dialog', { name: 'Create Group' });
      await create.getByPlaceholder("Group Name (e.g. 'DataTeam')").fill(GROUP);
      await create.getByRole('button', { name: 'Create' }).click();
      await disappears(create, 'the create dialog');
      await table('Groups').getByRole('link', { name: GROUP, exact: true }).click();
      await arrivesAt(page, new RegExp(`^/auth/groups/${GROUP}/members`));

      await pick('Add Members', USER, USER);
      const members = table('Members');
      await shows(members.getByRole('link', { name: USER, exact: true }), 'the new member');

      await tabLink('Group Policies').click();
      await pick('Attach Policy', 'FSRead', 'FSReadAll');
      const policies = table('Group Policies');
      await shows(policies.getByRole('link', { name: 'FSReadAll', exact: true }), 'the attached policy');
      await policies.getByRole('button', { name: 'Detach FSReadAll' }).click();
      await dialog().getByRole('button', { name: 'Detach', exact: true }).click();
      await disappears(policies.getByRole('link', { name: 'FSReadAll', exact: true }), 'the detached policy');

      await tabLink('Members').click();
      await members.getByRole('button', { name: `Remove ${USER}` }).click();
      await dialog().getByRole('button', { name: 'Remove', exact: true }).click();
      await disappears(members.getByRole('link', { name: USER, exact: true }), 'the removed member');

      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Groups' }).click();
      await tick(table('Groups'), GROUP);
      await button('Delete Selected').click();
      await shows(dialog().getByText("Are you sure you'd like to delete 1 groups?"), 'the delete confirmation');
      await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
      await disappears(table('Groups').getByRole('link', { name: GROUP, exact: true }), 'the deleted group');
    }));

  it('refuses a Viewers member the users list, naming the missing permission', () =>
    step('viewer refused', async () => {
      const created = await callApi('POST', `/auth/users/${USER}/credentials`);
      if (created.status !== 201) throw new Error(`creating ${USER}'s key answered ${created.status}: ${await created.text()}`);
      const key = (await created.json()) as { access_key_id: string; secret_access_key: string };
      const viewer = await browser!.newContext({ viewport: { width: 1280, height: 800 }, baseURL: tarn!.url });
      const viewerPage = await viewer.newPage();
      try {
        await loginThroughUi(viewerPage, { accessKeyId: key.access_key_id, secretAccessKey: key.secret_access_key });
        await visit(viewerPage, '/auth/users');
        await shows(viewerPage.getByText('Permission denied'), 'the refusal');
        await shows(
          viewerPage.getByText(/^could not list users: .*auth:ListUsers/),
          'the refusal naming the action, then the missing permission',
        );
        // The server's refusal is lakeFS's 401; only 'error authenticating request' sends a user to login.
        expect(new URL(viewerPage.url()).pathname, 'still on the users page, signed in').toBe('/auth/users');
        await screenshot(viewerPage, 'ac-04a-users-refused');
        // A Viewers member manages their own credentials.
        await visit(viewerPage, '/auth/credentials');
        await becomesEnabled(viewerPage.getByRole('button', { name: 'Create Access Key' }), 'Create Access Key for own keys');
        await screenshot(viewerPage, 'ac-04-viewer');
      } finally {
        await viewer.close();
      }
    }));

  it('invites a user, who activates the account and logs in with e-mail and password', () =>
    step('invite and activate', async () => {
      await menuLink('Users').click();
      await button('Invite User').click();
      const invite = page.getByRole('dialog', { name: 'Invite User' });
      await invite.getByLabel('Email', { exact: true }).fill('not-an-email');
      await shows(invite.getByText('Invalid email address'), 'the e-mail refusal');
      await invite.getByLabel('Email', { exact: true }).fill(INVITED);
      await invite.getByRole('button', { name: 'Invite' }).click();
      const link = invite.getByLabel('Activation link', { exact: true });
      await shows(link, 'the activation link');
      activationUrl = (await link.innerText()).trim();
      expect(activationUrl, 'the activation link').toMatch(/\/auth\/users\/create\?token=/);
      await invite.getByRole('button', { name: 'Done' }).click();

      const invited = await browser!.newContext({ viewport: { width: 1280, height: 800 }, baseURL: tarn!.url });
      const invitedPage = await invited.newPage();
      try {
        const { pathname, search } = new URL(activationUrl, tarn!.url);
        await invitedPage.goto(pathname + search);
        await shows(invitedPage.getByText('Welcome to the lake!'), 'the activation page');
        expect(await invitedPage.getByLabel('Email').isDisabled(), 'the e-mail field').toBe(true);
        await invitedPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await invitedPage.getByLabel('Confirm Password').fill(`${PASSWORD}x`);
        await shows(invitedPage.getByText('Your password and confirmation password do not match.'), 'the mismatch');
        expect(await invitedPage.getByRole('button', { name: 'Create' }).isDisabled(), 'Create on a mismatch').toBe(true);
        await invitedPage.getByLabel('Confirm Password').fill(PASSWORD);
        await invitedPage.getByRole('button', { name: 'Create' }).click();
        await arrivesAt(invitedPage, /^\/auth\/login/);
        await loginThroughUi(invitedPage, { accessKeyId: INVITED, secretAccessKey: PASSWORD });
      } finally {
        await invited.close();
      }
    }));

  it('deletes a user from the list', () =>
    step('delete user', async () => {
      await visit(page, '/auth/users');
      await tick(table('Users'), USER);
      await button('Delete Selected').click();
      await shows(dialog().getByText("Are you sure you'd like to delete 1 users?"), 'the delete confirmation');
      await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
      await disappears(table('Users').getByRole('link', { name: USER, exact: true }), 'the deleted user');
    }));

  it('in simplified mode: hides Policies, promotes RBAC until dismissed, and sets a group\'s Permission', () =>
    step('simplified mode', async () => {
      simplified = await startTarn(undefined, { args: ['--rbac', 'simplified'] });
      const admin = await setupThroughApi(simplified.url);
      const simple = await browser!.newContext({ viewport: { width: 1280, height: 800 }, baseURL: simplified.url });
      const simplePage = await simple.newPage();
      try {
        await loginThroughUi(simplePage, admin);
        await visit(simplePage, '/auth/groups');
        const menu = simplePage.getByRole('navigation', { name: 'Administration' });
        await shows(menu.getByRole('link', { name: 'Groups', exact: true }), 'the Groups menu entry');
        expect(await menu.getByRole('link', { name: 'Policies', exact: true }).count(), 'the Policies menu entry').toBe(0);
        await shows(simplePage.getByText('Role-based access control', { exact: true }), 'the RBAC banner');
        await simplePage.getByRole('button', { name: 'Dismiss' }).click();
        await disappears(simplePage.getByText('Role-based access control', { exact: true }), 'the RBAC banner');

        await simplePage.getByRole('button', { name: 'Create Group' }).click();
        await simplePage.getByPlaceholder("Group Name (e.g. 'DataTeam')").fill('Analysts');
        await simplePage.getByRole('dialog', { name: 'Create Group' }).getByRole('button', { name: 'Create' }).click();
        const permission = simplePage.getByRole('button', { name: /^Permission of Analysts: / });
        await shows(permission, "the new group's Permission");
        await permission.click();
        await shows(simplePage.getByText('Read repository data and metadata, manage own credentials.'), 'the Read description');
        await simplePage.getByRole('menuitem', { name: /^Write/ }).click();
        await shows(simplePage.getByRole('button', { name: 'Permission of Analysts: Write' }), 'the Write permission');
        await simplePage.reload();
        await shows(simplePage.getByRole('button', { name: 'Permission of Analysts: Write' }), 'the Write permission read back');
        await screenshot(simplePage, 'ac-05-simplified-groups');

        await visit(simplePage, '/auth/users/admin');
        await arrivesAt(simplePage, /^\/auth\/users\/admin\/groups/);
        const tabs = simplePage.getByRole('navigation', { name: 'Tabs' });
        await shows(tabs.getByRole('link', { name: 'Access Credentials' }), "the user's tabs");
        expect(await tabs.getByRole('link').allInnerTexts(), 'the user tabs in simplified mode').toEqual(['Group Memberships', 'Access Credentials']);
      } finally {
        await simple.close();
      }
    }));

  it('met no page error, console error, CSP violation or server error', () => {
    expect(problems).toEqual([]);
  });
});
