// Login (session cookie + token), the current user, and what the auth service can do.
import { setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { AuthService } from '../../auth/service';
import { unauthenticated } from '../../errors';
import { sessionCookieName } from '../authenticate';
import { principalOf, route, type RouteEntry } from '../route-table';
import { readJsonBody } from '../validation';

const loginBody = z.object({
  access_key_id: z.string({ message: 'access_key_id is required' }).min(1, { message: 'access_key_id is required' }),
  secret_access_key: z.string({ message: 'secret_access_key is required' }).min(1, { message: 'secret_access_key is required' }),
});

export function authRoutes(auth: AuthService): RouteEntry[] {
  return [
    route(
      { method: 'get', path: '/auth/capabilities', summary: 'What the auth service supports', tag: 'auth', public: true, success: { status: 200, schema: 'AuthCapabilities' } },
      (c) => c.json({ invite_user: false, forgot_password: false }),
    ),
    route(
      { method: 'post', path: '/auth/login', summary: 'Log in with an access key; sets the session cookie', tag: 'auth', public: true, body: 'LoginInformation', bodySchema: loginBody, success: { status: 200, schema: 'AuthenticationToken' } },
      async (c) => {
        const body = await readJsonBody(c, loginBody);
        const principal = await auth.authenticateKey(body.access_key_id, body.secret_access_key);
        if (!principal) throw unauthenticated();
        const session = await auth.issueSession(principal);
        setCookie(c, sessionCookieName, session.token, {
          httpOnly: true,
          sameSite: 'Lax',
          path: '/',
          maxAge: auth.sessionTtlSeconds,
        });
        return c.json(session);
      },
    ),
    route(
      { method: 'get', path: '/user', summary: 'The calling user, with the access key in use', tag: 'auth', success: { status: 200, schema: 'CurrentUser' } },
      async (c) => {
        const principal = principalOf(c);
        const user = await auth.getUser(principal.userId);
        if (!user) throw unauthenticated();
        return c.json({ user: { ...user, accessKeyId: principal.accessKeyId } });
      },
    ),
  ];
}
