import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { effectivePolicies, elseNotFound, fakeApi, missing, readOnlyPolicy } from './fake-api';
import type { ErrorBody } from '../../server/http/wire';
import type { BranchProtectionRule, GarbageCollectionRules, Repository } from '../../server/http/wire';

const hex = (seed: string) => seed.repeat(64).slice(0, 64);

let lake: Repository;
let gcRules: GarbageCollectionRules | null;
let protection: { rules: BranchProtectionRule[]; checksum: string };
/** Rules someone else saves just before the console's next write (which then gets 412). */
let concurrentRules: BranchProtectionRule[] | undefined;
const writes: Array<{ method: string; path: string; body?: unknown; ifMatch?: string | null }> = [];
let repositoryReads = 0;
/** How the server answers each preflight (set_allowed): 204 allows; 'pending' never answers. */
let preflight: Record<'gc' | 'protection', Response | 'pending'>;
const preflightAnswer = (which: 'gc' | 'protection') => {
  const answer = preflight[which];
  return answer === 'pending' ? new Promise<Response>(() => undefined) : answer.clone();
};
const allowed = () => new Response(null, { status: 204 });
const refused = () => HttpResponse.json<ErrorBody>({ message: 'insufficient permissions' }, { status: 401 });

const server = fakeApi(
  http.get('*/api/v1/repositories', () =>
    HttpResponse.json({ results: [], pagination: { has_more: false, next_offset: '', results: 0, max_per_page: 1000 } }),
  ),
  http.get('*/api/v1/repositories/lake', () => {
    repositoryReads++;
    return HttpResponse.json(lake);
  }),
  http.get('*/api/v1/repositories/lake/branches/trunk', () => HttpResponse.json({ id: 'trunk', commit_id: hex('a') })),
  http.put('*/api/v1/repositories/lake/settings/read_only', async ({ request }) => {
    const body = (await request.json()) as { read_only: boolean };
    writes.push({ method: 'PUT', path: 'read_only', body });
    lake = { ...lake, read_only: body.read_only };
    return HttpResponse.json(lake);
  }),
  http.delete('*/api/v1/repositories/lake', () => {
    writes.push({ method: 'DELETE', path: 'repository' });
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/v1/repositories/lake/settings/gc_rules', () =>
    gcRules ? HttpResponse.json(gcRules) : HttpResponse.json({ message: 'no gc rules' }, { status: 404 }),
  ),
  http.put('*/api/v1/repositories/lake/settings/gc_rules', async ({ request }) => {
    const body = (await request.json()) as GarbageCollectionRules;
    writes.push({ method: 'PUT', path: 'gc_rules', body });
    gcRules = body;
    return new HttpResponse(null, { status: 204 });
  }),
  http.delete('*/api/v1/repositories/lake/settings/gc_rules', () => {
    writes.push({ method: 'DELETE', path: 'gc_rules' });
    gcRules = null;
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/v1/repositories/lake/settings/branch_protection', () =>
    HttpResponse.json(protection.rules, { headers: { ETag: protection.checksum } }),
  ),
  http.put('*/api/v1/repositories/lake/settings/branch_protection', async ({ request }) => {
    const body = (await request.json()) as BranchProtectionRule[];
    const ifMatch = request.headers.get('If-Match');
    writes.push({ method: 'PUT', path: 'branch_protection', body, ifMatch });
    if (concurrentRules) {
      protection = { rules: concurrentRules, checksum: `${protection.checksum}+other` };
      concurrentRules = undefined;
    }
    if (ifMatch !== protection.checksum) return HttpResponse.json({ message: 'Precondition failed' }, { status: 412 });
    protection = { rules: body, checksum: `${protection.checksum}+1` };
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/v1/repositories/lake/gc/rules/set_allowed', () => preflightAnswer('gc')),
  http.get('*/api/v1/repositories/lake/branch_protection/set_allowed', () => preflightAnswer('protection')),
  elseNotFound,
);

afterEach(() => {
  writes.length = 0;
  repositoryReads = 0;
  concurrentRules = undefined;
});

function reset() {
  lake = { id: 'lake', creation_date: 1, default_branch: 'trunk', storage_namespace: 'local://lake-data', read_only: false };
  gcRules = null;
  protection = { rules: [], checksum: '' };
  preflight = { gc: allowed(), protection: allowed() };
}

/** Waits until the server's preflight has let the button work. */
const enabled = async (name: string | RegExp) => {
  await waitFor(() => expect(button(name).disabled).toBe(false), { timeout: 5_000 });
  return button(name);
};

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Repository settings', () => {
  it('opens on General, with the side menu and the Settings tab current', async () => {
    reset();
    const { router } = renderApp('/repositories/lake/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories/lake/settings/general'), { timeout: 5000 });
    const menu = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(menu).getAllByRole('link').map((l) => l.textContent)).toEqual(['General', 'Garbage Collection', 'Branch Protection']);
    expect(within(menu).getByRole('link', { name: 'General' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('Settings: General', () => {
  it('shows name, storage namespace and default branch as text, not as inputs that cannot be edited', async () => {
    reset();
    renderApp('/repositories/lake/settings/general');
    const fact = (name: string) => screen.getByRole('definition', { name }).textContent;
    await screen.findByRole('definition', { name: 'Repository name' });
    expect([fact('Repository name'), fact('Storage namespace'), fact('Default branch')]).toEqual(['lake', 'local://lake-data', 'trunk']);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
  });

  it('makes the repository read-only and back, refreshing the repository so every screen sees it', async () => {
    reset();
    renderApp('/repositories/lake/settings/general');
    const toggle = (await screen.findByRole('checkbox', { name: 'Read-only repository' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(button('Delete Repository').disabled).toBe(false);
    const readsBefore = repositoryReads;
    fireEvent.click(toggle);
    await waitFor(() => expect(writes).toEqual([{ method: 'PUT', path: 'read_only', body: { read_only: true } }]), { timeout: 5000 });
    // The layout read the repository again: its badge and the disabled Delete show the new state.
    expect(await screen.findByText('Read-only')).toBeVisible();
    expect(repositoryReads).toBeGreaterThan(readsBefore);
    await waitFor(() => expect(button('Delete Repository').disabled).toBe(true), { timeout: 5000 });
    expect((screen.getByRole('checkbox', { name: 'Read-only repository' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Read-only repository' }));
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'PUT', path: 'read_only', body: { read_only: false } }), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText('Read-only')).toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(button('Delete Repository').disabled).toBe(false), { timeout: 5000 });
  });

  it('shows a refused change of the flag', async () => {
    reset();
    server.use(
      http.put('*/api/v1/repositories/lake/settings/read_only', () =>
        HttpResponse.json({ message: 'insufficient permissions' }, { status: 401 }),
      ),
    );
    renderApp('/repositories/lake/settings/general');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Read-only repository' }));
    expect((await screen.findByText(/^could not make the repository read-only:/)).textContent).toBe(
      'could not make the repository read-only: insufficient permissions',
    );
    expect((screen.getByRole('checkbox', { name: 'Read-only repository' }) as HTMLInputElement).checked).toBe(false);
  });

  it('deletes the repository only once its id is typed, then goes to the repository list', async () => {
    reset();
    const { router } = renderApp('/repositories/lake/settings/general');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Repository' }));
    const dialog = await screen.findByRole('alertdialog');
    for (const item of ['All commits', 'All branches', 'All tags', 'All repository configuration']) {
      expect(within(dialog).getByText(item)).toBeVisible();
    }
    expect(within(dialog).getByText('Data in the underlying object store will not be deleted by this action.')).toBeVisible();
    const confirm = within(dialog).getByRole('button', {
      name: 'I understand the consequences, delete this repository',
    }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const input = within(dialog).getByPlaceholderText('Enter repository name to confirm');
    fireEvent.change(input, { target: { value: 'lak' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'lake' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories'), { timeout: 5000 });
    expect(writes).toEqual([{ method: 'DELETE', path: 'repository' }]);
  });

  it('offers no deletion of a read-only repository', async () => {
    reset();
    lake.read_only = true;
    renderApp('/repositories/lake/settings/general');
    const remove = (await screen.findByRole('button', { name: 'Delete Repository' })) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(remove.title).toBe('A read-only repository cannot be deleted');
  });
});

describe('Settings: Garbage Collection', () => {
  it('says no policy is set and offers the template, 21 days and the default branch at 28', async () => {
    reset();
    renderApp('/repositories/lake/settings/retention');
    expect(await screen.findByText('A garbage collection policy is not set yet.')).toBeVisible();
    expect(screen.getByRole('form', { name: 'Create Policy' })).toBeVisible();
    const text = (screen.getByLabelText('Policy JSON') as HTMLTextAreaElement).value;
    expect(JSON.parse(text)).toEqual({ default_retention_days: 21, branches: [{ branch_id: 'trunk', retention_days: 28 }] });
    expect(button('Edit Policy').disabled).toBe(true);
    expect(button('Delete Policy').disabled).toBe(true);
    fireEvent.click(await enabled('Save'));
    await waitFor(() => expect(writes[0]).toMatchObject({ method: 'PUT', path: 'gc_rules', body: JSON.parse(text) }), { timeout: 5000 });
    expect(await screen.findByText('Default retention days:')).toBeVisible();
  });

  it('shows the policy as a table or JSON, edits it with parse errors shown, and deletes it', async () => {
    reset();
    gcRules = { default_retention_days: 7, branches: [{ branch_id: 'trunk', retention_days: 30 }] };
    renderApp('/repositories/lake/settings/retention');
    const table = await screen.findByRole('table', { name: 'Retention by branch' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['BranchRetention Days', 'trunk30']);
    expect(screen.getByText('Default retention days:').textContent).toBe('Default retention days: 7');
    fireEvent.click(screen.getByRole('checkbox', { name: 'JSON view' }));
    expect(JSON.parse((await screen.findByLabelText('Policy JSON')).textContent ?? '')).toEqual(gcRules);
    fireEvent.click(screen.getByRole('checkbox', { name: 'JSON view' }));
    expect(await screen.findByRole('table', { name: 'Retention by branch' })).toBeVisible();

    fireEvent.click(await enabled('Edit Policy'));
    const editor = (await screen.findByRole('textbox', { name: 'Policy JSON' })) as HTMLTextAreaElement;
    expect(screen.getByRole('form', { name: 'Edit Policy' })).toBeVisible();
    fireEvent.change(editor, { target: { value: '{"default_retention_days": 5,' } });
    fireEvent.click(button('Save'));
    expect(await screen.findByText(/in JSON at position/)).toBeVisible();
    expect(writes).toEqual([]);
    fireEvent.change(editor, { target: { value: '{"default_retention_days": 5, "branches": []}' } });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(writes).toEqual([{ method: 'PUT', path: 'gc_rules', body: { default_retention_days: 5, branches: [] } }]), { timeout: 5000 });
    expect(await screen.findByText('Default retention days:')).toBeVisible();

    fireEvent.click(await enabled('Delete Policy'));
    expect(await screen.findByText('A garbage collection policy is not set yet.')).toBeVisible();
    expect(writes.at(-1)).toEqual({ method: 'DELETE', path: 'gc_rules' });
  });
});

describe("Settings: the server's preflight", () => {
  it('keeps Edit Policy, Delete Policy and Save disabled, saying why, until the preflight allows them', async () => {
    reset();
    gcRules = { default_retention_days: 7, branches: [] };
    preflight.gc = 'pending';
    renderApp('/repositories/lake/settings/retention');
    await screen.findByText('Default retention days:', {}, { timeout: 5_000 });
    for (const name of ['Edit Policy', 'Delete Policy']) {
      expect(button(name).disabled).toBe(true);
      expect(button(name).title).toBe('Checking whether you may change the garbage collection policy...');
    }
  });

  it('disables the policy changes the preflight refuses, and asks again on refresh', async () => {
    reset();
    preflight.gc = refused();
    renderApp('/repositories/lake/settings/retention');
    await screen.findByText('A garbage collection policy is not set yet.', {}, { timeout: 5_000 });
    const refusal = "You are not allowed to change this repository's garbage collection policy.";
    await waitFor(() => expect(button('Save').title).toBe(refusal), { timeout: 5_000 });
    expect(button('Save').disabled).toBe(true);
    fireEvent.click(button('Save'));
    expect(writes).toEqual([]);

    preflight.gc = allowed();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    fireEvent.click(await enabled('Save'));
    await waitFor(() => expect(writes).toEqual([{ method: 'PUT', path: 'gc_rules', body: { default_retention_days: 21, branches: [{ branch_id: 'trunk', retention_days: 28 }] } }]), { timeout: 5000 });
  });

  it('says when the preflight could not be asked', async () => {
    reset();
    preflight.protection = HttpResponse.json<ErrorBody>({ message: 'store unavailable' }, { status: 503 });
    protection = { rules: [{ pattern: 'trunk' }], checksum: 'c1' };
    renderApp('/repositories/lake/settings/branches');
    const del = (await screen.findByRole('button', { name: 'Delete rule trunk' }, { timeout: 5_000 })) as HTMLButtonElement;
    const reason = 'could not check whether you may change the branch protection rules: store unavailable. Refresh to ask again.';
    await waitFor(() => expect(del.title).toBe(reason), { timeout: 5_000 });
    expect(del.disabled).toBe(true);
    expect(button('Add').title).toBe(reason);
    expect(button('Add').disabled).toBe(true);
  });

  it('disables adding and deleting rules when the preflight refuses', async () => {
    reset();
    preflight.protection = refused();
    protection = { rules: [{ pattern: 'trunk' }], checksum: 'c1' };
    renderApp('/repositories/lake/settings/branches');
    const del = (await screen.findByRole('button', { name: 'Delete rule trunk' }, { timeout: 5_000 })) as HTMLButtonElement;
    const refusal = "You are not allowed to change this repository's branch protection rules.";
    await waitFor(() => expect(del.title).toBe(refusal), { timeout: 5_000 });
    expect(del.disabled).toBe(true);
    expect(button('Add').disabled).toBe(true);
    expect(button('Add').title).toBe(refusal);
    fireEvent.click(del);
    expect(writes).toEqual([]);
  });

  it("names the action when the policy cannot be read", async () => {
    reset();
    server.use(http.get('*/api/v1/repositories/lake/settings/gc_rules', () => HttpResponse.json<ErrorBody>({ message: 'store unavailable' }, { status: 500 })));
    renderApp('/repositories/lake/settings/retention');
    expect((await screen.findByText(/^could not get gc policy:/, {}, { timeout: 5_000 })).textContent).toBe('could not get gc policy: store unavailable');
  });
});

describe('Settings: Branch Protection', () => {
  it('says there are no rules, and adds one with Create disabled while the pattern is empty', async () => {
    reset();
    renderApp('/repositories/lake/settings/branches');
    expect(await screen.findByText("There aren't any rules yet.")).toBeVisible();
    fireEvent.click(await enabled('Add'));
    const dialog = await screen.findByRole('dialog', { name: 'Create Branch Protection Rule' });
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Branch name pattern'), { target: { value: 'release-*' } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'PUT', path: 'branch_protection', body: [{ pattern: 'release-*' }], ifMatch: '' }]), { timeout: 5000 },
    );
    const table = await screen.findByRole('table', { name: 'Branch protection rules' });
    expect(within(table).getByText('release-*')).toBeVisible();
  });

  it('disables every settings write, with the reason, when the policies refuse it', async () => {
    reset();
    gcRules = { default_retention_days: 7, branches: [] };
    protection = { rules: [{ pattern: 'trunk' }], checksum: 'c1' };
    server.use(effectivePolicies([readOnlyPolicy]));
    const { router } = renderApp('/repositories/lake/settings/general');
    const toggle = (await screen.findByRole('checkbox', { name: 'Read-only repository' })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(true), { timeout: 5000 });
    expect(toggle.closest('[data-part="root"]')?.getAttribute('title')).toBe(missing('fs:UpdateRepository'));

    await router.navigate({ to: '/repositories/$repoId/settings/retention', params: { repoId: 'lake' } });
    await screen.findByText('Default retention days:');
    for (const name of ['Edit Policy', 'Delete Policy']) {
      expect(button(name).disabled).toBe(true);
      expect(button(name).title).toBe(missing('retention:SetGarbageCollectionRules'));
    }

    await router.navigate({ to: '/repositories/$repoId/settings/branches', params: { repoId: 'lake' } });
    const del = (await screen.findByRole('button', { name: 'Delete rule trunk' })) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    expect(del.title).toBe(missing('branches:SetBranchProtectionRules'));
    expect(button('Add').disabled).toBe(true);
    expect(button('Add').title).toBe(missing('branches:SetBranchProtectionRules'));
    expect(writes).toEqual([]);
  });

  it('deletes a rule with the checksum of the last read', async () => {
    reset();
    protection = { rules: [{ pattern: 'trunk' }, { pattern: 'dev' }], checksum: 'c1' };
    renderApp('/repositories/lake/settings/branches');
    await screen.findByRole('button', { name: 'Delete rule trunk' });
    fireEvent.click(await enabled('Delete rule trunk'));
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'PUT', path: 'branch_protection', body: [{ pattern: 'dev' }], ifMatch: 'c1' }]), { timeout: 5000 },
    );
    await waitFor(() => expect(screen.queryByText('trunk')).toBeNull(), { timeout: 5000 });
  });

  it('when someone else changed the rules, makes the edit again on theirs and says so', async () => {
    reset();
    protection = { rules: [{ pattern: 'trunk' }], checksum: 'c1' };
    renderApp('/repositories/lake/settings/branches');
    await screen.findByText('trunk');
    concurrentRules = [{ pattern: 'trunk' }, { pattern: 'qa' }];
    fireEvent.click(await enabled('Add'));
    const dialog = await screen.findByRole('dialog', { name: 'Create Branch Protection Rule' });
    fireEvent.change(within(dialog).getByLabelText('Branch name pattern'), { target: { value: 'dev' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/changed by someone else meanwhile/)).toBeVisible();
    await waitFor(() => expect(writes).toHaveLength(2), { timeout: 5000 });
    expect(writes[1]).toEqual({
      method: 'PUT',
      path: 'branch_protection',
      body: [{ pattern: 'trunk' }, { pattern: 'qa' }, { pattern: 'dev' }],
      ifMatch: 'c1+other',
    });
    const table = await screen.findByRole('table', { name: 'Branch protection rules' });
    await waitFor(() => expect(within(table).getByText('dev')).toBeVisible(), { timeout: 5000 });
    expect(within(table).getByText('qa')).toBeVisible();
  });
});
