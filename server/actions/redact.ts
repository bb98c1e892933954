// Webhook addresses often carry secrets (a token in the query, a password before the host). What users see of an
// address, in hook logs and error messages, keeps its shape and parameter names and masks the values.
const mask = '***';

export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return mask;
  }
  if (parsed.password) parsed.password = mask;
  const names = [...parsed.searchParams.keys()];
  if (names.length > 0) parsed.search = names.map((name) => `${encodeURIComponent(name)}=${mask}`).join('&');
  // A fragment is never sent, and may hold anything.
  parsed.hash = '';
  return parsed.href;
}
