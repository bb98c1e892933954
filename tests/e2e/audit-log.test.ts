// Journey: an administrator creates a group in the console, opens Administration → Audit log, filters it to their
// own calls of auth:CreateGroup and sees that row (with a failed login by an unknown key recorded beside it), and
// exports the filtered rows as CSV, which holds that row and no secret.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, disappears, loginThroughUi, setupThroughApi, shows, type AdminCredentials } from './flows';
import { downloadedBytes, endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';

const JOURNEY = 'audit-log';
const GROUP = 'AuditedTeam';
const WRONG_SECRET = 'not-the-secret-of-anyone';

describe(`journey: ${JOURNEY}`, () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let credentials: AdminCredentials | undefined;
  const { step, records, currentStep } = stepRunner(
    JOURNEY,
    () => page,
    () => tarn,
  );

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    ({ context, page } = await openJourneyPage(browser, tarn.url, currentStep, { acceptDownloads: true }));
    credentials = await setupThroughApi(tarn.url);
    // A failed login by a key that names no one, before the admin arrives.
    const failed = await fetch(`${tarn.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_key_id: 'AKIAUNKNOWNKEY', secret_access_key: WRONG_SECRET }),
    });
    expect(failed.status, 'the failed login').toBe(401);
  });

  afterAll(async () => {
    await endJourney(JOURNEY, records, { context, browser, tarn });
  });

  const menuLink = (name: string) => page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name, exact: true });
  const auditTable = () => page.getByRole('table', { name: 'Audit log' });

  it('creates a group in the console', () =>
    step('change', async () => {
      if (!credentials) throw new Error('no credentials: setup did not finish');
      await loginThroughUi(page, credentials);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Administration' }).click();
      await menuLink('Groups').click();
      await arrivesAt(page, /^\/auth\/groups/);
      await page.getByRole('button', { name: 'Create Group', exact: true }).click();
      const create = page.getByRole('dialog', { name: 'Create Group' });
      await create.getByPlaceholder("Group Name (e.g. 'DataTeam')").fill(GROUP);
      await create.getByRole('button', { name: 'Create' }).click();
      await disappears(create, 'the create dialog');
      await shows(page.getByRole('table', { name: 'Groups' }).getByRole('link', { name: GROUP, exact: true }), 'the new group');
    }));

  it('opens the audit log, sees the login failure, filters to the change and sees its row', () =>
    step('filter', async () => {
      await menuLink('Audit log').click();
      await arrivesAt(page, /^\/auth\/audit/);
      await shows(auditTable().getByRole('row').filter({ hasText: 'key AKIAUNKNOWNKEY' }), 'the failed login by an unknown key');
      await page.getByLabel('User or access key').fill('admin');
      await page.getByLabel('Action', { exact: true }).fill('auth:CreateGroup');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await arrivesAt(page, /^\/auth\/audit\?/);
      expect(new URL(page.url()).searchParams.get('action'), 'the action filter in the address').toBe('auth:CreateGroup');
      const row = auditTable()
        .getByRole('row')
        .filter({ hasText: 'arn:lakefs:auth:::group/' + GROUP });
      await shows(row, 'the group creation');
      await shows(row.getByText('POST /api/v1/auth/groups'), 'its method and path');
      await shows(row.getByText('201', { exact: true }), 'its status');
      await disappears(auditTable().getByText('key AKIAUNKNOWNKEY'), 'the failed login, filtered out');
      await screenshot(page, 'audit-01-filtered');
    }));

  it('exports the filtered rows as a CSV file', () =>
    step('export', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^audit-log-\d{8}-\d{6}Z-user-admin-action-auth_CreateGroup\.csv$/);
      const lines = (await downloadedBytes(download)).toString('utf8').trimEnd().split('\r\n');
      expect(lines[0]).toBe('time,user,access_key_id,action,resource,operation,method,path,status,client,repository,request_id');
      expect(lines.slice(1), 'the exported rows').toHaveLength(1);
      expect(lines[1]).toContain(`,admin,,auth:CreateGroup,arn:lakefs:auth:::group/${GROUP},createGroup,POST,/api/v1/auth/groups,201,`);
      expect(lines.join('\n')).not.toContain(WRONG_SECRET);
      await shows(page.getByText(`Exported 1 record to ${download.suggestedFilename()}.`), 'the export summary');
    }));
});
