import { clearCurrentUser, logoutUrl } from '../../api/auth';
import { getSetupState } from '../../api/setup';

/** Forgets the user, then leaves for the configured logout address (or the server's /logout). */
export async function logout(go: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  clearCurrentUser();
  const loginConfig = await getSetupState().then(
    (state) => state.login_config,
    () => undefined,
  );
  go(logoutUrl(loginConfig));
}
