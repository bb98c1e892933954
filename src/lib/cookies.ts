/** Expires the named cookies for this site's root path (the login fallback clears the session cookies). */
export function clearCookies(names: readonly string[]): void {
  if (typeof document === 'undefined') return;
  for (const name of names) {
    document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
