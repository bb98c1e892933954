// Accessibility of every screen: axe-core finds no serious or critical violation on any of them, in the light theme
// and in the dark one (which follows the system until the user switches it), and tabbing through the main screens
// never lands on a control whose focus cannot be seen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourRules, seriousViolations, invisibleFocusStops } from './axe';
import { arrivesAt, loginThroughUi, requestTracker, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi } from './lake-api';

const REPO = 'a11y';

interface Screen {
  name: string;
  path: string;
}

describe('accessibility of every screen', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let requests: ReturnType<typeof requestTracker>;
  let credentials: AdminCredentials | undefined;
  let commitId = '';
  let runId = '';
  let pullId = '';
  const { step, records, currentStep } = stepRunner('accessibility', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    const api = lakeApi(tarn.url, credentials);
    await api.createRepository(REPO);
    await api.commitFile(REPO, 'main', 'README.md', '# Accessibility\n\nA repository for the checks.\n', 'Add a readme');
    commitId = await api.commitFile(REPO, 'main', 'data/table.csv', 'id,name\n1,one\n2,two\n', 'Add a table');
    await api.createBranch(REPO, 'feature', 'main');
    // A base without uncommitted changes, so that Merge opens (main gets one below, which the merge would refuse).
    await api.createBranch(REPO, 'release', 'main');
    await api.commitFile(REPO, 'feature', 'data/table.csv', 'id,name\n1,one\n2,deux\n', 'Change a row');
    // A pre-commit hook that cannot be reached makes a failed run, so the run's own page has something to show. Hooks
    // are read from the branch as it is committed, so the commit of the action itself is the one it refuses.
    await api.uploadObject(
      REPO,
      'feature',
      '_lakefs_actions/check.yaml',
      ['name: check', 'on:', '  pre-commit:', '    branches: [feature]', 'hooks:', '  - id: unreachable', '    type: webhook', '    properties:', '      url: http://127.0.0.1:9/hook', ''].join('\n'),
      'application/x-yaml',
    );
    await expect(api.commit(REPO, 'feature', 'Add an action'), 'the hook refuses the commit').rejects.toThrow(/pre-commit hook aborted/);
    const runs = (await (
      await fetch(`${tarn.url}/api/v1/repositories/${REPO}/actions/runs`, {
        headers: { authorization: `Basic ${Buffer.from(`${credentials.accessKeyId}:${credentials.secretAccessKey}`).toString('base64')}` },
      })
    ).json()) as { results: { run_id: string }[] };
    runId = runs.results[0]?.run_id ?? '';
    expect(runId, 'the blocked commit left an action run').not.toBe('');
    await api.uploadObject(REPO, 'main', 'notes.txt', 'uncommitted\n', 'text/plain');
    const created = await fetch(`${tarn.url}/api/v1/repositories/${REPO}/pulls`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.accessKeyId}:${credentials.secretAccessKey}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ title: 'Rename a row', description: 'Changes **one** row.', source_branch: 'feature', destination_branch: 'main' }),
    });
    pullId = ((await created.json()) as { id: string }).id;
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep));
    requests = requestTracker(page);
  });

  afterAll(async () => {
    await endJourney('accessibility', records, { context, browser, tarn });
  });

  const screens = (): Screen[] => [
    { name: 'repositories', path: '/repositories' },
    { name: 'objects', path: `/repositories/${REPO}/objects` },
    { name: 'objects in a folder', path: `/repositories/${REPO}/objects?path=data%2F` },
    { name: 'object viewer (markdown)', path: `/repositories/${REPO}/object?path=README.md` },
    { name: 'object viewer (csv)', path: `/repositories/${REPO}/object?path=data%2Ftable.csv` },
    { name: 'uncommitted changes', path: `/repositories/${REPO}/changes` },
    { name: 'commits', path: `/repositories/${REPO}/commits` },
    { name: 'commit graph', path: `/repositories/${REPO}/commits?view=graph` },
    { name: 'commit', path: `/repositories/${REPO}/commits/${commitId}` },
    { name: 'branches', path: `/repositories/${REPO}/branches` },
    { name: 'tags', path: `/repositories/${REPO}/tags` },
    { name: 'compare', path: `/repositories/${REPO}/compare?ref=main&compare=feature` },
    { name: 'pull requests', path: `/repositories/${REPO}/pulls?status=all` },
    { name: 'create pull request', path: `/repositories/${REPO}/pulls/create?ref=main&compare=feature` },
    { name: 'pull request', path: `/repositories/${REPO}/pulls/${pullId}` },
    { name: 'insights', path: `/repositories/${REPO}/insights` },
    { name: 'insights in a folder', path: `/repositories/${REPO}/insights?prefix=data%2F` },
    { name: 'actions', path: `/repositories/${REPO}/actions` },
    { name: 'action run', path: `/repositories/${REPO}/actions/${runId}` },
    { name: 'settings (general)', path: `/repositories/${REPO}/settings/general` },
    { name: 'settings (retention)', path: `/repositories/${REPO}/settings/retention` },
    { name: 'settings (branches)', path: `/repositories/${REPO}/settings/branches` },
    { name: 'users', path: '/auth/users' },
    { name: 'user', path: '/auth/users/admin/groups' },
    { name: 'user credentials', path: '/auth/users/admin/credentials' },
    { name: 'user policies', path: '/auth/users/admin/policies' },
    { name: 'user effective policies', path: '/auth/users/admin/policies/effective' },
    { name: 'groups', path: '/auth/groups' },
    { name: 'group members', path: '/auth/groups/Admins/members' },
    { name: 'group policies', path: '/auth/groups/Admins/policies' },
    { name: 'policies', path: '/auth/policies' },
    { name: 'policy', path: '/auth/policies/FSFullAccess' },
    { name: 'my credentials', path: '/auth/credentials' },
  ];

  /** The address of `path` on this file's server: the setup step leaves the page on another one. */
  function onTarn(path: string): string {
    if (!tarn) throw new Error('the server did not start');
    return new URL(path, tarn.url).href;
  }

  /**
   * Loads a screen afresh and waits until it has settled: its main landmark shown, no request in flight and no
   * spinner (a viewer goes on working after its reads, DuckDB reading a csv).
   */
  async function open(path: string): Promise<void> {
    await page.goto(path);
    await shows(page.getByRole('main'), `the main region of ${path}`);
    await requests.settled(path);
  }

  /**
   * The violations of the page as it is now in the light theme, then in the dark one. The system theme is switched
   * on the open page, which the console follows (the theme steps below prove it), so each screen is loaded once for
   * both: loading a screen cost as much as checking it. The dark theme changes colours only: its check is the colour
   * rules'.
   */
  async function violationsInBothThemes(what: string): Promise<string[]> {
    const failures: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect
        .poll(() => page.evaluate((name) => document.documentElement.classList.contains(name), theme), {
          timeout: 5_000,
          message: `the console follows the system's ${theme} theme on ${what}`,
        })
        .toBe(true);
      for (const violation of await seriousViolations(page, theme === 'dark' ? colourRules : undefined)) failures.push(`${what} (${theme}): ${violation}`);
    }
    return failures;
  }

  async function checkScreens(which: (screen: Screen) => boolean): Promise<void> {
    const failures: string[] = [];
    for (const screen of screens().filter(which)) {
      // Each screen starts in the light theme, as the system's default.
      await page.emulateMedia({ colorScheme: 'light' });
      await visit(page, onTarn(screen.path), requests);
      failures.push(...(await violationsInBothThemes(screen.name)));
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }

  /** Opens the dialogs users open most and checks each once it has finished opening. */
  async function checkDialogs(): Promise<void> {
    const failures: string[] = [];
    const clicking = (button: string) => async () => {
      const trigger = page.getByRole('button', { name: button, exact: true });
      await expect.poll(() => trigger.first().isEnabled(), { message: `${button} becomes enabled`, timeout: 10_000 }).toBe(true);
      await trigger.first().click();
    };
    const pressing = (key: string) => async () => {
      await page.getByRole('main').click({ position: { x: 1, y: 1 } });
      await page.keyboard.press(key);
    };
    const selectingARow = async () => {
      await page.getByRole('checkbox', { name: 'Select notes.txt' }).check();
      await page.getByRole('group', { name: 'Selection' }).getByRole('button', { name: 'Delete', exact: true }).click();
    };
    const dialogs: { path: string; opening: () => Promise<void>; dialog: string; role?: 'dialog' | 'alertdialog' }[] = [
      { path: `/repositories/${REPO}/branches`, opening: clicking('Create Branch'), dialog: 'Create Branch' },
      { path: `/repositories/${REPO}/objects`, opening: clicking('Upload'), dialog: "Upload Objects to Branch 'main'" },
      { path: `/repositories/${REPO}/objects`, opening: pressing('t'), dialog: 'Find a file' },
      { path: `/repositories/${REPO}/objects`, opening: pressing('?'), dialog: 'Keyboard shortcuts' },
      { path: `/repositories/${REPO}/objects`, opening: selectingARow, dialog: 'Delete objects', role: 'alertdialog' },
      { path: `/repositories/${REPO}/changes`, opening: clicking('Commit Changes'), dialog: 'Commit Changes' },
      { path: `/repositories/${REPO}/compare?ref=release&compare=feature`, opening: clicking('Merge'), dialog: 'Merge branch feature into release' },
    ];
    for (const { path, opening, dialog, role = 'dialog' } of dialogs) {
      await page.emulateMedia({ colorScheme: 'light' });
      await visit(page, onTarn(path), requests);
      await opening();
      await shows(page.getByRole(role, { name: dialog }), `the ${dialog} dialog`);
      failures.push(...(await violationsInBothThemes(`${dialog} dialog`)));
      await page.keyboard.press('Escape');
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }

  it('checks the login screen before signing in', () =>
    step('login screen', async () => {
      await page.goto('/auth/login');
      await shows(page.getByRole('heading', { name: 'Login' }), 'the Login card');
      expect(await seriousViolations(page)).toEqual([]);
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
    }));

  it('checks the first-run setup screen of a server nobody has set up', () =>
    step('setup screen', async () => {
      const fresh = await startTarn();
      try {
        await page.goto(`${fresh.url}/setup`);
        await shows(page.getByRole('main'), 'the setup screen');
        await requests.settled('the setup screen');
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await fresh.stop();
      }
    }));

  // Three steps rather than one, so each stays well inside the test timeout on a loaded machine.
  const isAdministration = (screen: Screen) => screen.path.startsWith('/auth/');

  it('finds no serious violation on any repository screen in the light theme or the dark one', () =>
    step('repository screens', () => checkScreens((screen) => !isAdministration(screen))));

  it('finds no serious violation on any administration screen in the light theme or the dark one', () =>
    step('administration screens', () => checkScreens(isAdministration)));

  it('finds no serious violation in the dialogs users open most, in the light theme or the dark one', () =>
    step('dialogs', () => checkDialogs()));

  it('opens in the dark theme when the system is dark', () =>
    step('dark theme', async () => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await open('/repositories');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await screenshot(page, 'a11y-dark-repositories');
    }));

  it("draws an unticked row checkbox that stands out from the page in both themes, so it reads as enabled", () =>
    step('checkbox contrast', async () => {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await open(`/repositories/${REPO}/objects`);
        const box = page.getByRole('checkbox', { name: 'Select README.md' });
        await shows(box, 'the row checkbox');
        // WCAG's non-text contrast (1.4.11): the box's outline against what lies behind it, at least 3:1.
        const ratio = await box.evaluate((element) => {
          const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 4).map(Number);
          const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
            const channel = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
            return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
          };
          let behind: Element | null = element.parentElement;
          let background = [0, 0, 0, 0];
          while (behind && (background[3] ?? 1) === 0) {
            background = rgb(getComputedStyle(behind).backgroundColor);
            if (background.length === 3) background.push(1);
            behind = behind.parentElement;
          }
          const [lighter, darker] = [luminance(rgb(getComputedStyle(element).borderTopColor)), luminance(background)].sort((x, y) => y - x);
          return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
        });
        expect(ratio, `the unticked checkbox's contrast in the ${theme} theme`).toBeGreaterThanOrEqual(3);
        expect(await box.evaluate((element) => getComputedStyle(element).appearance), `the checkbox is drawn by the console (${theme})`).toBe('none');
      }
    }));

  it('switches the theme from the header whatever the system says, and back to following the system', () =>
    step('theme switch', async () => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await open('/repositories');
      await page.getByRole('button', { name: 'Switch to light mode' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('light')), { timeout: 5_000 }).toBe(true);
      await page.reload();
      await shows(page.getByRole('button', { name: 'Switch to dark mode' }), 'the switch offering dark mode after a reload');
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')), { timeout: 5_000 }).toBe(true);
      // The user menu hands the choice back to the system, which then decides again as it changes.
      await page.emulateMedia({ colorScheme: 'light' });
      await page.getByRole('button', { name: /^User menu for/ }).click();
      await page.getByRole('menuitemradio', { name: 'Same as the system' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('light')), { timeout: 5_000 }).toBe(true);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')), { timeout: 5_000 }).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('tarn:color-mode'))).toBe('system');
    }));

  it('shows where the keyboard focus is on the main screens', () =>
    step('visible focus', async () => {
      const invisible: string[] = [];
      for (const path of ['/repositories', `/repositories/${REPO}/objects`, `/repositories/${REPO}/commits`, `/repositories/${REPO}/compare?ref=main&compare=feature`, '/auth/users']) {
        await open(path);
        for (const stop of await invisibleFocusStops(page, 25)) invisible.push(`${path}: ${stop}`);
      }
      expect(invisible, invisible.join('\n')).toEqual([]);
      await arrivesAt(page, /^\/auth\/users/);
    }));

  it('met no page errors, CSP violations or failed API calls', () => {
    expect(problems).toEqual([]);
  });
});
