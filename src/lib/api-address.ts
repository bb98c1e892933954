// Addresses of the API that the console links to (downloads, images, range reads), shared by the client and the
// views, which must not import the client.

export const API_PREFIX = '/api/v1';

const segment = (value: string): string => encodeURIComponent(value);

/** Same-origin address of an object's content (downloads, range reads; the session cookie authorises it). */
export function objectUrl(repo: string, ref: string, path: string): string {
  return `${API_PREFIX}/repositories/${segment(repo)}/refs/${segment(ref)}/objects?${new URLSearchParams({ path }).toString()}`;
}
