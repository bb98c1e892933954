import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import type { AuthCapabilities, Credentials, ErrorBody, Group, LoginConfig, Policy, SetupState, User } from '../../server/http/wire';
import { elseNotFound, fakeApi, signedInAs } from './fake-api';

const page = <T,>(results: T[]) => ({
  results,
  pagination: { has_more: false, next_offset: '', results: results.length, max_per_page: 1000 },
});

const admins: Policy = { id: 'AuthFullAccess', creation_date: 1, statement: [{ effect: 'allow', action: ['*'], resource: '*' }] };
const readOnly: Policy = {
  id: 'FSReadAll',
  creation_date: 2,
  statement: [
    { effect: 'allow', action: ['fs:Read*', 'fs:List*'], resource: '*' },
    { effect: 'deny', action: ['fs:DeleteObject'], resource: 'arn:lakefs:fs:::repository/lake/object/*' },
  ],
};

let rbac: LoginConfig['RBAC'];
let me: User;
let myPolicies: Policy[];
let users: User[];
let groups: Group[];
let credentials: Credentials[];
let usersStatus: number;
let capabilities: AuthCapabilities;
const writes: string[] = [];

const server = fakeApi(
  signedInAs(() => me),
  http.get('*/api/v1/setup_lakefs', () =>
    HttpResponse.json<SetupState>({
      state: 'initialized',
      comm_prefs_missing: false,
      login_config: { RBAC: rbac, login_url: '', login_cookie_names: [], logout_url: '/logout' },
    }),
  ),
  http.get('*/api/v1/auth/capabilities', () => HttpResponse.json<AuthCapabilities>(capabilities)),
  http.get('*/api/v1/auth/users/:id/policies', ({ params, request }) =>
    params.id === me.id && new URL(request.url).searchParams.get('effective') === 'true'
      ? HttpResponse.json(page(myPolicies))
      : HttpResponse.json(page([readOnly])),
  ),
  http.get('*/api/v1/auth/users/:id/credentials', () => HttpResponse.json(page(credentials))),
  http.post('*/api/v1/auth/users/:id/credentials', ({ params }) => {
    writes.push(`create key ${String(params.id)}`);
    const key = { access_key_id: 'AKIANEWKEY', secret_access_key: 'very-secret', creation_date: 3 };
    credentials = [...credentials, key];
    return HttpResponse.json(key, { status: 201 });
  }),
  http.delete('*/api/v1/auth/users/:id/credentials/:key', ({ params }) => {
    writes.push(`revoke ${String(params.key)}`);
    credentials = credentials.filter((c) => c.access_key_id !== params.key);
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/v1/auth/users', () =>
    usersStatus === 200 ? HttpResponse.json(page(users)) : HttpResponse.json({ message: 'insufficient permissions: not allowed to auth:ListUsers' }, { status: usersStatus }),
  ),
  http.post('*/api/v1/auth/users', async ({ request }) => {
    const body = (await request.json()) as { id: string; invite_user?: boolean };
    writes.push(`create user ${body.id}${body.invite_user ? ' (invite)' : ''}`);
    const user = { id: body.id, creation_date: 4 };
    users = [...users, user];
    return HttpResponse.json(body.invite_user ? { ...user, activation_url: 'http://tarn.test/auth/users/create?token=abc' } : user, { status: 201 });
  }),
  http.delete('*/api/v1/auth/users/:id', ({ params }) => {
    writes.push(`delete user ${String(params.id)}`);
    users = users.filter((u) => u.id !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/v1/auth/users/:id/groups', () => HttpResponse.json(page(groups.slice(0, 1)))),
  http.get('*/api/v1/auth/groups', ({ request }) => {
    const prefix = new URL(request.url).searchParams.get('prefix') ?? '';
    return HttpResponse.json(page(groups.filter((g) => g.id.startsWith(prefix))));
  }),
  http.post('*/api/v1/auth/groups', async ({ request }) => {
    const body = (await request.json()) as { id: string };
    writes.push(`create group ${body.id}`);
    groups = [...groups, { id: body.id, creation_date: 5 }];
    return HttpResponse.json({ id: body.id, creation_date: 5 }, { status: 201 });
  }),
  http.delete('*/api/v1/auth/groups/:id', ({ params }) => {
    writes.push(`delete group ${String(params.id)}`);
    groups = groups.filter((g) => g.id !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/v1/auth/groups/:id/acl', ({ params }) =>
    params.id === 'Readers'
      ? HttpResponse.json({ permission: 'Read' })
      : HttpResponse.json({ message: 'no ACL found for this group', no_acl: true }, { status: 404 }),
  ),
  http.post('*/api/v1/auth/groups/:id/acl', async ({ params, request }) => {
    writes.push(`acl ${String(params.id)} ${JSON.stringify(await request.json())}`);
    return new HttpResponse(null, { status: 201 });
  }),
  http.put('*/api/v1/auth/groups/:group/members/:user', ({ params }) => {
    writes.push(`add ${String(params.user)} to ${String(params.group)}`);
    return new HttpResponse(null, { status: 201 });
  }),
  http.get('*/api/v1/auth/policies/:id', ({ params }) => (params.id === 'FSReadAll' ? HttpResponse.json(readOnly) : HttpResponse.json({ message: 'not found' }, { status: 404 }))),
  http.post('*/api/v1/auth/password', async ({ request }) => {
    writes.push(`activate ${JSON.stringify(await request.json())}`);
    return new HttpResponse(null, { status: 201 });
  }),
  elseNotFound,
);

beforeEach(() => {
  rbac = 'internal';
  me = { id: 'admin', creation_date: 1, accessKeyId: 'AKIACURRENT' };
  myPolicies = [admins];
  users = [me, { id: 'viv', creation_date: 2 }];
  groups = [
    { id: 'Admins', creation_date: 1 },
    { id: 'Readers', creation_date: 2 },
  ];
  credentials = [
    { access_key_id: 'AKIACURRENT', creation_date: 1 },
    { access_key_id: 'AKIAOLD', creation_date: 2 },
  ];
  usersStatus = 200;
  capabilities = { invite_user: true, forgot_password: false };
  writes.length = 0;
  localStorage.clear();
});

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Access control: layout and credentials', () => {
  it('opens /auth on My Credentials with the side menu', async () => {
    const { router } = renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/credentials'), { timeout: 5000 });
    const menu = await screen.findByRole('navigation', { name: 'Administration' });
    expect(within(menu).getAllByRole('link').map((l) => l.textContent)).toEqual(['My Credentials', 'Users', 'Groups', 'Policies', 'Audit log']);
    expect(within(menu).getByRole('link', { name: 'My Credentials' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists the keys, never offers to revoke the key in use, and revokes another after asking', async () => {
    renderApp('/auth/credentials');
    const table = await screen.findByRole('table', { name: 'Access keys' });
    expect(within(table).getByText('AKIACURRENT')).toBeVisible();
    expect(within(table).getAllByRole('button', { name: 'Revoke' })).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText("Are you sure you'd like to delete access key AKIAOLD?")).toBeVisible();
    fireEvent.click(button('Revoke'));
    await waitFor(() => expect(writes).toEqual(['revoke AKIAOLD']), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText('AKIAOLD')).toBeNull(), { timeout: 5000 });
  });

  it('creates an access key after confirmation and shows its secret once, with copy buttons and the warning', async () => {
    renderApp('/auth/credentials');
    await screen.findByRole('table', { name: 'Access keys' });
    fireEvent.click(button('Create Access Key'));
    expect(await screen.findByText('Create a new access key for admin?')).toBeVisible();
    fireEvent.click(button('Create'));
    expect(await screen.findByText('very-secret')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Copy Access Key ID' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Copy Secret Access Key' })).toBeVisible();
    expect(screen.getByText(/store it somewhere safe\. You will not be able to access it again\./)).toBeVisible();
    // As at setup, the key can be taken away as the command-line tool's configuration file.
    const download = screen.getByRole('link', { name: 'Download credentials' });
    expect(download.getAttribute('download')).toBe('.lakectl.yaml');
    const config = decodeURIComponent((download.getAttribute('href') ?? '').replace(/^data:application\/yaml;charset=utf-8,/, ''));
    expect(config).toContain('access_key_id: "AKIANEWKEY"');
    expect(config).toContain('secret_access_key: "very-secret"');
    expect(writes).toEqual(['create key admin']);
    fireEvent.click(button('Done'));
    await waitFor(() => expect(screen.queryByText('very-secret')).toBeNull(), { timeout: 5000 });
    expect(await screen.findByText('AKIANEWKEY')).toBeVisible();
  });
});

describe('Access control: users', () => {
  it("offers 'Invite User' and 'Create API User' where the server invites by e-mail", async () => {
    renderApp('/auth/users');
    await screen.findByRole('table', { name: 'Users' }, { timeout: 5_000 });
    expect(screen.getAllByRole('button', { name: /User$/ }).map((b) => b.textContent)).toEqual(['Create API User', 'Invite User']);
    fireEvent.click(button('Create API User'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    expect(within(dialog).getByRole('heading').textContent).toBe('Create API User');
    expect((within(dialog).getByLabelText('User name') as HTMLInputElement).placeholder).toBe("Name (e.g. 'spark-jobs')");
  });

  it('refuses a % in a user name, creates a user, and never selects the signed-in user', async () => {
    capabilities = { invite_user: false, forgot_password: false };
    renderApp('/auth/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect((within(table).getByLabelText('Select admin') as HTMLInputElement).disabled).toBe(true);
    // Without invitations there is one way to add a user, and it is called Create User.
    expect(screen.getAllByRole('button', { name: /User$/ }).map((b) => b.textContent)).toEqual(['Create User']);
    fireEvent.click(button('Create User'));
    const name = await screen.findByPlaceholderText("Username (e.g. 'jane.doe')");
    fireEvent.change(name, { target: { value: 'jane%' } });
    expect(await screen.findByText('User name cannot include the % sign')).toBeVisible();
    expect(button('Create').disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'jane' } });
    fireEvent.click(button('Create'));
    await waitFor(() => expect(writes).toEqual(['create user jane']), { timeout: 5000 });
    expect(await screen.findByRole('link', { name: 'jane' })).toHaveAttribute('href', '/auth/users/jane/groups');
  });

  it('invites by e-mail and shows the activation link to copy', async () => {
    renderApp('/auth/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const email = await screen.findByPlaceholderText("Email address (e.g. 'jane.doe@example.com')");
    fireEvent.change(email, { target: { value: 'jane' } });
    expect(await screen.findByText('Invalid email address')).toBeVisible();
    fireEvent.change(email, { target: { value: 'jane@example.com' } });
    fireEvent.click(button('Invite'));
    expect(await screen.findByText('http://tarn.test/auth/users/create?token=abc')).toBeVisible();
    expect(button('Copy activation link')).toBeEnabled();
    expect(writes).toEqual(['create user jane@example.com (invite)']);
  });

  it('deletes the selected users after confirming', async () => {
    renderApp('/auth/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(button('Delete Selected').disabled).toBe(true);
    fireEvent.click(within(table).getByLabelText('Select viv'));
    await waitFor(() => expect(button('Delete Selected').disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(button('Delete Selected'));
    expect(await screen.findByText("Are you sure you'd like to delete 1 users?")).toBeVisible();
    fireEvent.click(button('Delete'));
    await waitFor(() => expect(writes).toEqual(['delete user viv']), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'viv' })).toBeNull(), { timeout: 5000 });
  });

  it('opens a user on Group Memberships with breadcrumbs and the four tabs, and adds the user to a group', async () => {
    const { router } = renderApp('/auth/users/viv');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/users/viv/groups'), { timeout: 5000 });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Users' })).toBeVisible();
    expect(within(crumbs).getByText('viv')).toBeVisible();
    const tabs = screen.getByRole('navigation', { name: 'Tabs' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Group Memberships',
      'Directly Attached Policies',
      'Effective Attached Policies',
      'Access Credentials',
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add User to Group' }));
    const picker = await screen.findByRole('dialog', { name: 'Add User to Group' });
    fireEvent.click(await within(picker).findByRole('checkbox', { name: 'Readers' }));
    fireEvent.click(await within(picker).findByRole('button', { name: 'Add 1 group' }));
    await waitFor(() => expect(writes).toEqual(['add viv to Readers']), { timeout: 5000 });
    expect(await screen.findByRole('status', { name: 'Added' })).toHaveTextContent('Added 1 group: Readers');
  });

  it('attaches several policies in one go, says that more match, and keeps a refused one ticked with its error', async () => {
    const policies = ['AuthRead', 'AuthWrite', 'FSFullAccess', 'FSReadAll', 'FSWriteAll', 'RepoAdmin', 'Zeta'].map(
      (id): Policy => ({ id, creation_date: 1, statement: [] }),
    );
    server.use(
      // A listing as lakeFS pages it: the first `amount` matches, whether more follow, and no total.
      http.get('*/api/v1/auth/policies', ({ request }) => {
        const url = new URL(request.url);
        const matching = policies.filter((p) => p.id.startsWith(url.searchParams.get('prefix') ?? ''));
        const amount = Number(url.searchParams.get('amount') ?? 100);
        const results = matching.slice(0, amount);
        const more = matching.length > amount;
        return HttpResponse.json({ results, pagination: { has_more: more, next_offset: more ? (results.at(-1)?.id ?? '') : '', results: results.length, max_per_page: 1000 } });
      }),
      http.put('*/api/v1/auth/users/:id/policies/:policy', ({ params }) => {
        if (params.policy === 'AuthWrite') return HttpResponse.json<ErrorBody>({ message: 'insufficient permissions: not allowed to auth:AttachPolicy' }, { status: 401 });
        writes.push(`attach ${String(params.policy)} to ${String(params.id)}`);
        return new HttpResponse(null, { status: 201 });
      }),
    );
    renderApp('/auth/users/viv/policies');
    fireEvent.click(await screen.findByRole('button', { name: 'Attach Policy' }));
    const picker = await screen.findByRole('dialog', { name: 'Attach Policy' });
    // The picker counts what matches (seven policies) and shows the first five.
    expect(await within(picker).findByText('5 of 7 — type to search')).toBeVisible();
    fireEvent.click(within(picker).getByRole('checkbox', { name: 'AuthRead' }));
    fireEvent.click(within(picker).getByRole('checkbox', { name: 'AuthWrite' }));
    fireEvent.change(within(picker).getByRole('searchbox', { name: 'Search policies' }), { target: { value: 'Zet' } });
    fireEvent.click(await within(picker).findByRole('checkbox', { name: 'Zeta' }));
    // Those ticked in the first search are still listed, ticked; all the matches of this one are shown.
    const add = await within(picker).findByRole('button', { name: 'Add 3 policies' });
    const ticked = (name: string) => (within(picker).getByRole('checkbox', { name }) as HTMLInputElement).checked;
    expect(within(picker).getAllByRole('checkbox')).toHaveLength(3);
    expect(['AuthRead', 'AuthWrite', 'Zeta'].map(ticked)).toEqual([true, true, true]);
    expect(within(picker).queryByText(/type to search/)).toBeNull();
    fireEvent.click(add);
    expect(await within(picker).findByRole('status', { name: 'Added' })).toHaveTextContent('Added 2 policies: AuthRead, Zeta');
    expect(writes).toEqual(['attach AuthRead to viv', 'attach Zeta to viv']);
    expect(within(picker).getByRole('alert')).toHaveTextContent('Could not add 1 policy');
    const refused = within(picker).getByRole('checkbox', { name: 'AuthWrite' }) as HTMLInputElement;
    expect(refused.checked).toBe(true);
    expect(document.getElementById(refused.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'could not attach policy to user: insufficient permissions: not allowed to auth:AttachPolicy',
    );
    expect(ticked('Zeta')).toBe(false);
    fireEvent.click(within(picker).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Attach Policy' })).toBeNull(), { timeout: 5000 });
    expect(screen.getByRole('status', { name: 'Added' })).toHaveTextContent('Added 2 policies: AuthRead, Zeta');
  });

  it('shows a refused list with the missing permission, and disables what the user\'s policies refuse', async () => {
    myPolicies = [readOnly];
    // lakeFS's refusal: a 401 that is not 'error authenticating request', so the user stays signed in, on the page.
    usersStatus = 401;
    const { router } = renderApp('/auth/users');
    // The refusal names the action, then the server's words naming the missing permission.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Permission deniedcould not list users: insufficient permissions: not allowed to auth:ListUsersRetry',
      ), { timeout: 5000 },
    );
    // The admin menu is still there beside the error.
    expect(screen.getByRole('navigation', { name: 'Administration' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/users');
  });

  it('disables Create Access Key with the reason when the policies do not allow it', async () => {
    myPolicies = [readOnly];
    renderApp('/auth/credentials');
    await waitFor(() => expect(button('Create Access Key').disabled).toBe(true), { timeout: 5000 });
    expect(button('Create Access Key').title).toBe('Not allowed: you need the auth:CreateCredentials permission');
  });
});

describe('Access control: groups, policies and simplified mode', () => {
  it.each([
    ['/auth/groups', 'could not list groups: store unavailable'],
    ['/auth/policies', 'could not list policies: store unavailable'],
  ])('names the action of a failed list at %s', async (path, shown) => {
    server.use(http.get(`*/api/v1${path}`, () => HttpResponse.json<ErrorBody>({ message: 'store unavailable' }, { status: 500 })));
    renderApp(path);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`${shown}Retry`), { timeout: 5_000 });
  });

  it('creates and deletes groups', async () => {
    renderApp('/auth/groups');
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).queryByText('Permission')).toBeNull();
    fireEvent.click(button('Create Group'));
    fireEvent.change(await screen.findByPlaceholderText("Group Name (e.g. 'DataTeam')"), { target: { value: 'DataTeam' } });
    fireEvent.click(button('Create'));
    await waitFor(() => expect(writes).toEqual(['create group DataTeam']), { timeout: 5000 });
    fireEvent.click(await screen.findByLabelText('Select DataTeam'));
    await waitFor(() => expect((screen.getByLabelText('Select DataTeam') as HTMLInputElement).checked).toBe(true), { timeout: 5000 });
    fireEvent.click(screen.getByLabelText('Select Readers'));
    await waitFor(() => expect((screen.getByLabelText('Select Readers') as HTMLInputElement).checked).toBe(true), { timeout: 5000 });
    fireEvent.click(button('Delete Selected'));
    expect(await screen.findByText("Are you sure you'd like to delete 2 groups?")).toBeVisible();
    fireEvent.click(button('Delete'));
    await waitFor(() => expect(writes).toEqual(['create group DataTeam', 'delete group DataTeam', 'delete group Readers']), { timeout: 5000 });
  });

  it('in simplified mode: hides Policies, shows the banner until dismissed, and each group\'s Permission', async () => {
    rbac = 'simplified';
    renderApp('/auth/groups');
    const menu = await screen.findByRole('navigation', { name: 'Administration' });
    await waitFor(() => expect(within(menu).queryByRole('link', { name: 'Policies' })).toBeNull(), { timeout: 5000 });
    expect(screen.getByText('Role-based access control')).toBeVisible();
    fireEvent.click(button('Dismiss'));
    expect(screen.queryByText('Role-based access control')).toBeNull();
    expect(localStorage.getItem('lakefs:ui:acl:dismissRBACAlert')).toBe('true');
    // 'no acl' is no ACL: the group shows None.
    expect(await screen.findByRole('button', { name: 'Permission of Admins: None' })).toBeEnabled();
    fireEvent.click(await screen.findByRole('button', { name: 'Permission of Readers: Read' }));
    expect(await screen.findByText('All operations on the repository, manage own credentials.')).toBeVisible();
    // As a keyboard user does: the arrows move to Write, Enter chooses it.
    const levels = screen.getByRole('menu');
    await waitFor(() => expect(document.activeElement).toBe(levels), { timeout: 5000 });
    const write = screen.getByRole('menuitem', { name: /^Write/ });
    fireEvent.keyDown(levels, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: /^Read/ }).hasAttribute('data-highlighted')).toBe(true), { timeout: 5000 });
    fireEvent.keyDown(levels, { key: 'ArrowDown' });
    await waitFor(() => expect(write.hasAttribute('data-highlighted')).toBe(true), { timeout: 5000 });
    fireEvent.keyDown(levels, { key: 'Enter' });
    await waitFor(() => expect(writes).toEqual(['acl Readers {"permission":"Write"}']), { timeout: 5000 });
    expect(await screen.findByRole('button', { name: 'Permission of Readers: Write' })).toBeEnabled();
  });

  it('shows a policy as a table or JSON, and edits it in the editor', async () => {
    renderApp('/auth/policies/FSReadAll');
    const table = await screen.findByRole('table', { name: 'Statements' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Actions', 'Resource', 'Effect', 'Created At']);
    expect(within(table).getByText('allow')).toBeVisible();
    expect(within(table).getByText('deny')).toBeVisible();
    fireEvent.click(screen.getByRole('checkbox', { name: 'JSON View' }));
    expect(await screen.findByLabelText('Policy JSON')).toBeVisible();
    fireEvent.click(button('Edit'));
    expect(await screen.findByRole('heading', { name: 'Edit Policy' })).toBeVisible();
    expect((screen.getByPlaceholderText("Policy ID (e.g. 'MyRepoReadWrite')") as HTMLInputElement).value).toBe('FSReadAll');
    const doc = screen.getByLabelText('Policy document');
    fireEvent.change(doc, { target: { value: '{"statement": [' } });
    expect(await screen.findByText(/Unexpected end of JSON input/)).toBeVisible();
    expect(button('Save').disabled).toBe(true);
  });
});

describe('Activate invited user', () => {
  it('asks for the password twice and sets it with the token', async () => {
    const { router } = renderApp('/auth/users/create?token=abc&email=jane%40example.com');
    // The heading first found can be replaced as the route settles: assert on the one that stays.
    await waitFor(() => expect(screen.getByText('Welcome to the lake!')).toBeVisible(), { timeout: 5000 });
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('jane@example.com');
    expect(email.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'lake-secret' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'lake-secreT' } });
    expect(await screen.findByText('Your password and confirmation password do not match.')).toBeVisible();
    expect(button('Create').disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'lake-secret' } });
    await waitFor(() => expect(button('Create').disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(button('Create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), { timeout: 5000 });
    expect(writes).toEqual(['activate {"token":"abc","newPassword":"lake-secret","email":"jane@example.com"}']);
  });

  it('goes to login without a token', async () => {
    const { router } = renderApp('/auth/users/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), { timeout: 5000 });
  });
});
