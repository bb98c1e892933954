// Login (session cookie + token) and the current user, over the auth service. lakeFS's login takes an access key
// and its secret, or (for a user who activated an invitation) their email and password in the same two fields.
import { setCookie } from 'hono/cookie';
import type { AuthService } from '../../../auth';
import { unauthenticated } from '../../../errors';
import { noteCaller, noteKeyTried } from '../../audit-trail';
import { sessionCookieName } from '../../authenticate';
import { principalOf, type AppRouteHandler } from '../../router';
import { userJson } from '../../serialize';
import type * as routes from './routes';

export function authHandlers(auth: AuthService) {
  const getCapabilities: AppRouteHandler<typeof routes.getCapabilities> = (c) =>
    c.json({ invite_user: true, forgot_password: false }, 200);

  const login: AppRouteHandler<typeof routes.login> = async (c) => {
    const body = c.req.valid('json');
    // The key (or login name) tried, never its secret: the audit log's record of a failed login.
    noteKeyTried(c, body.access_key_id);
    const principal =
      (await auth.authenticateKey(body.access_key_id, body.secret_access_key)) ??
      (await auth.authenticatePassword(body.access_key_id, body.secret_access_key));
    if (!principal) throw unauthenticated();
    noteCaller(c, principal.userId);
    const session = await auth.sessions.open(principal);
    setCookie(c, sessionCookieName, session.token, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: auth.sessions.ttlSeconds,
    });
    return c.json({ token: session.token, token_expiration: session.token_expiration }, 200);
  };

  const getCurrentUser: AppRouteHandler<typeof routes.getCurrentUser> = async (c) => {
    const principal = principalOf(c);
    const user = await auth.getUser(principal.userId);
    if (!user) throw unauthenticated();
    return c.json({ user: userJson(user, principal.accessKeyId) }, 200);
  };

  return { getCapabilities, login, getCurrentUser };
}
