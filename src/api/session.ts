// The 401 rule's hand-over: the API client reports a lost session to the one listener the app installs (the
// session actor, through the router). The client keeps no user of its own.

/** `/auth/login?redirected=true&next=<path>`: where the 401 rule sends the user. */
export function loginRedirectPath(next: string): string {
  return `/auth/login?redirected=true&next=${encodeURIComponent(next)}`;
}

export type SessionLostListener = (next: string) => void;

function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  return window.location.pathname + window.location.search;
}

/** Until the app installs its listener: a full page load to login. */
const navigateToLogin: SessionLostListener = (next) => {
  if (typeof window === 'undefined' || window.location.pathname.startsWith('/auth/login')) return;
  window.location.assign(loginRedirectPath(next));
};

let listener: SessionLostListener = navigateToLogin;

/** Installs the app's listener (the session actor); returns the uninstaller. */
export function onSessionLost(next: SessionLostListener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = navigateToLogin;
  };
}

/** The 401 rule: the session is gone; whoever owns it forgets the user and goes to login, remembering the page. */
export function reportSessionLost(): void {
  listener(currentPath());
}
