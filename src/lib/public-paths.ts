// Pages reachable without a session: login, invited-user activation and first-run setup.
const PUBLIC_PATHS = [/^\/auth\/login\/?$/, /^\/auth\/users\/create\/?$/, /^\/setup(\/.*)?$/];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((pattern) => pattern.test(pathname));
}
