// First-run setup over the auth service. Setup and preferences refuse free-mail addresses, as lakeFS does.
import type { AuthService, LoginSettings } from '../../../auth';
import { badRequest } from '../../../errors';
import { freeMailMessage, isFreeMailAddress } from '../../free-mail';
import type { AppRouteHandler } from '../../router';
import { credentialsJson } from '../../serialize';
import type { LoginConfig, SetupState } from '../../wire';
import type * as routes from './routes';

/** The login configuration as lakeFS reports it, from the installation's settings (never from the request). */
export function loginConfigOf(settings: LoginSettings): LoginConfig {
  return {
    RBAC: settings.rbac,
    username_ui_placeholder: 'Access Key ID',
    password_ui_placeholder: 'Secret Access Key',
    login_url: settings.loginUrl,
    login_url_method: 'none',
    login_failed_message: settings.loginFailedMessage,
    ...(settings.fallbackLoginUrl ? { fallback_login_url: settings.fallbackLoginUrl } : {}),
    ...(settings.fallbackLoginLabel ? { fallback_login_label: settings.fallbackLoginLabel } : {}),
    login_cookie_names: settings.loginCookieNames,
    logout_url: settings.logoutUrl,
  };
}

function refuseFreeMail(email: string | undefined): void {
  if (email !== undefined && isFreeMailAddress(email)) throw badRequest(freeMailMessage);
}

/** The optional profile fields that were sent, and only those. */
function given<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

export function setupHandlers(auth: AuthService, settings: LoginSettings) {
  const loginConfig = loginConfigOf(settings);
  const getSetupState: AppRouteHandler<typeof routes.getSetupState> = async (c) => {
    const { initialized, commPrefsMissing } = await auth.setupState();
    const state: SetupState = {
      state: initialized ? 'initialized' : 'not_initialized',
      comm_prefs_missing: commPrefsMissing,
      login_config: loginConfig,
    };
    return c.json(state, 200);
  };

  const setup: AppRouteHandler<typeof routes.setup> = async (c) => {
    const body = c.req.valid('json');
    refuseFreeMail(body.email);
    const { username, key, email, firstName, lastName, companyName, featureUpdates } = body;
    const credentials = await auth.setup({ username, ...given({ key, email, firstName, lastName, companyName, featureUpdates }) });
    return c.json(credentialsJson(credentials), 200);
  };

  const setupCommPrefs: AppRouteHandler<typeof routes.setupCommPrefs> = async (c) => {
    const { email, firstName, lastName, companyName, featureUpdates, securityUpdates } = c.req.valid('json');
    refuseFreeMail(email);
    await auth.saveCommPrefs({ featureUpdates, securityUpdates, ...given({ email, firstName, lastName, companyName }) });
    return c.body(null, 200);
  };

  return { getSetupState, setup, setupCommPrefs };
}
