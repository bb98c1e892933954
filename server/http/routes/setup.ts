// First-run setup: the setup state with the login configuration, creating the first admin, and the
// communication preferences the setup screen asks for afterwards.
import { z } from 'zod';
import type { AuthService } from '../../auth/service';
import { badRequest } from '../../errors';
import { freeMailMessage, isFreeMailAddress } from '../free-mail';
import { route, type RouteEntry } from '../route-table';
import { readJsonBody } from '../validation';
import { sessionCookieName } from '../authenticate';

export const loginConfig = {
  RBAC: 'none',
  username_ui_placeholder: 'Access Key ID',
  password_ui_placeholder: 'Secret Access Key',
  login_url: '/auth/login',
  login_url_method: 'none',
  login_failed_message: "The credentials don't match.",
  login_cookie_names: [sessionCookieName],
  logout_url: '/logout',
} as const;

const setupBody = z.object({
  username: z.string({ message: 'username is required' }),
  key: z
    .object({ access_key_id: z.string().min(1), secret_access_key: z.string().min(1) })
    .optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  companyName: z.string().optional(),
  featureUpdates: z.boolean().optional(),
  securityUpdates: z.boolean().optional(),
});

const commPrefsBody = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  companyName: z.string().optional(),
  featureUpdates: z.boolean({ message: 'featureUpdates must be a boolean' }),
  securityUpdates: z.boolean({ message: 'securityUpdates must be a boolean' }),
});

function refuseFreeMail(email: string | undefined): void {
  if (email !== undefined && isFreeMailAddress(email)) throw badRequest(freeMailMessage);
}

export function setupRoutes(auth: AuthService): RouteEntry[] {
  return [
    route(
      { method: 'get', path: '/setup_lakefs', summary: 'Setup state and login configuration', tag: 'setup', public: true, success: { status: 200, schema: 'SetupState' } },
      async (c) => {
        const state = await auth.setupState();
        return c.json({
          state: state.initialized ? 'initialized' : 'not_initialized',
          comm_prefs_missing: state.commPrefsMissing,
          login_config: loginConfig,
        });
      },
    ),
    route(
      { method: 'post', path: '/setup_lakefs', summary: 'Create the first admin user and its credentials', tag: 'setup', public: true, body: 'Setup', bodySchema: setupBody, success: { status: 200, schema: 'CredentialsWithSecret' } },
      async (c) => {
        const body = await readJsonBody(c, setupBody);
        refuseFreeMail(body.email);
        const credentials = await auth.setup({
          username: body.username,
          ...(body.key ? { key: body.key } : {}),
          ...(body.email !== undefined ? { email: body.email } : {}),
          ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
          ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
          ...(body.companyName !== undefined ? { companyName: body.companyName } : {}),
          ...(body.featureUpdates !== undefined ? { featureUpdates: body.featureUpdates } : {}),
        });
        return c.json(credentials, 200);
      },
    ),
    route(
      { method: 'post', path: '/setup_comm_prefs', summary: 'Save communication preferences', tag: 'setup', public: true, body: 'CommPrefsInput', bodySchema: commPrefsBody, success: { status: 200 } },
      async (c) => {
        const body = await readJsonBody(c, commPrefsBody);
        refuseFreeMail(body.email);
        await auth.saveCommPrefs({
          featureUpdates: body.featureUpdates,
          securityUpdates: body.securityUpdates,
          ...(body.email !== undefined ? { email: body.email } : {}),
          ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
          ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
          ...(body.companyName !== undefined ? { companyName: body.companyName } : {}),
        });
        return c.body(null, 200);
      },
    ),
  ];
}
