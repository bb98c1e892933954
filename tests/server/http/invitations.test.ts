// Inviting a user end to end: the invitation (its link shown to the admin, or mailed through a tiny local SMTP
// listener), setting the password with the token once, then logging in with email and password.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticationToken, InvitedUser } from '../../../server/http/wire';
import { addUser, client, startTestServer, setupAdmin, startWithAdmin, type Client, type TestServer } from './harness';

const post = (server: TestServer, path: string, body: unknown) =>
  fetch(`${server.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('invitations without a mail server', () => {
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    ({ server, api: admin } = await startWithAdmin());
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the activation link; the password set with it logs the user in by email', async () => {
    expect(await admin.post('/auth/users', { id: 'not-an-email', invite_user: true })).toMatchObject({
      status: 400,
      body: { message: 'Invalid email address' },
    });
    const invited = await admin.post<InvitedUser>('/auth/users', { id: 'new.person@example.com', invite_user: true });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ id: 'new.person@example.com', email: 'new.person@example.com' });
    const link = new URL(invited.body.activation_url!);
    expect(link.origin).toBe(server.url);
    expect(link.pathname).toBe('/auth/users/create');
    expect(link.searchParams.get('email')).toBe('new.person@example.com');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(40);

    // Until activated, the user cannot log in; a wrong token or a short password changes nothing.
    const login = (password: string) => post(server, '/auth/login', { access_key_id: 'new.person@example.com', secret_access_key: password });
    expect((await login('a good password')).status).toBe(401);
    expect(await (await post(server, '/auth/password', { token: 'guess', newPassword: 'a good password' })).json()).toEqual({ message: 'invalid token' });
    expect((await post(server, '/auth/password', { token, newPassword: 'short' })).status).toBe(400);
    expect((await post(server, '/auth/password', { token, newPassword: 'a good password', email: 'someone.else@example.com' })).status).toBe(401);

    const activated = await post(server, '/auth/password', { token, newPassword: 'a good password', email: 'new.person@example.com' });
    expect(activated.status).toBe(201);
    // The token is spent.
    expect((await post(server, '/auth/password', { token, newPassword: 'another password' })).status).toBe(401);

    expect((await login('wrong password')).status).toBe(401);
    const res = await login('a good password');
    expect(res.status).toBe(200);
    const { token: session } = (await res.json()) as AuthenticationToken;
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const me = await fetch(`${server.api}/user`, { headers: { cookie } });
    expect(await me.json()).toEqual({ user: { id: 'new.person@example.com', email: 'new.person@example.com', creation_date: expect.any(Number) } });
    // A password login opens a session like any other: it ends when the user is deleted.
    await admin.put('/auth/groups/Viewers/members/new.person@example.com');
    expect((await fetch(`${server.api}/repositories`, { headers: { authorization: `Bearer ${session}` } })).status).toBe(200);
    expect((await admin.delete('/auth/users/new.person@example.com')).status).toBe(204);
    expect((await fetch(`${server.api}/user`, { headers: { cookie } })).status).toBe(401);
  });

  it('keeps a user who never set a password out, whatever they try', async () => {
    await addUser(admin, 'keyonly');
    expect((await post(server, '/auth/login', { access_key_id: 'keyonly', secret_access_key: '' })).status).toBe(400);
    expect((await post(server, '/auth/login', { access_key_id: 'keyonly', secret_access_key: 'anything' })).status).toBe(401);
  });
});

/** A local SMTP listener that accepts one message at a time and keeps what it was told. */
function smtpListener(): Promise<{ server: Server; port: number; sessions: string[][] }> {
  const sessions: string[][] = [];
  const server = createServer((socket: Socket) => {
    const lines: string[] = [];
    sessions.push(lines);
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        lines.push(line);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          }
        } else if (line.startsWith('EHLO')) socket.write('250-test\r\n250 AUTH PLAIN\r\n');
        else if (line.startsWith('AUTH PLAIN')) socket.write('235 ok\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, sessions })));
}

describe('invitations with a mail server', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof smtpListener>>;

  beforeAll(async () => {
    smtp = await smtpListener();
    server = await startTestServer(undefined, {
      smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}?from=tarn@example.com`,
      publicUrl: 'https://lake.example.com',
    });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((done) => smtp.server.close(() => done()));
  });

  it('mails the activation link instead of answering it', async () => {
    const { authorization } = await setupAdmin(server);
    const invited = await client(server, authorization).post<InvitedUser>('/auth/users', { id: 'mailed@example.com', invite_user: true });
    expect(invited.status).toBe(201);
    expect(invited.body.activation_url).toBeUndefined();
    const lines = smtp.sessions.at(-1)!;
    expect(lines).toContain(`AUTH PLAIN ${Buffer.from('\0mailer\0s3cret').toString('base64')}`);
    expect(lines).toContain('MAIL FROM:<tarn@example.com>');
    expect(lines).toContain('RCPT TO:<mailed@example.com>');
    const link = lines.find((line) => line.startsWith('https://lake.example.com/auth/users/create?'))!;
    const token = new URL(link).searchParams.get('token')!;
    expect((await post(server, '/auth/password', { token, newPassword: 'from the mail' })).status).toBe(201);
    expect((await post(server, '/auth/login', { access_key_id: 'mailed@example.com', secret_access_key: 'from the mail' })).status).toBe(200);
  });
});
