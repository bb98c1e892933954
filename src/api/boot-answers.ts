// The answers the server put in the page to its first reads (server/http/console-boot.ts): who is signed in, the
// server's settings, and the opened page's repository, ref and listing. The API client answers those reads from the
// page, in place of their requests, only while the first page loads (a loader that reads again what the route's match
// started gets the same answer): after that (a sign-in, a sign-out, a refresh) they are stale, and every read goes
// to the server. Without the block (the vite dev server, tests) every read does.

/**
 * Each answer's status and JSON body, keyed by address (`/api/v1/...` with its query). No address is a prototype's
 * property: every one starts with '/'.
 */
type BootAnswers = Record<string, { status: number; body: unknown } | undefined>;

let answers: BootAnswers | undefined;

/**
 * Sets the answers from `json`, the page's block as the server writes it, by default the page's own. `''` drops them:
 * the first load is over, and what is left is no longer the current answer.
 */
export function setBootAnswers(json = globalThis.document?.getElementById('tarn-boot')?.textContent): void {
  answers = JSON.parse(json || '{}') as BootAnswers;
}

/** The page's answer to a read; undefined when it holds none. */
export function bootAnswer(request: Request): Response | undefined {
  if (!answers) setBootAnswers();
  const { pathname, search } = new URL(request.url);
  const answer = answers?.[pathname + search];
  return answer && Response.json(answer.body, { status: answer.status });
}
