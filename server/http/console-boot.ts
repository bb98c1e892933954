// The reads a console page makes first, answered inside the page. The server knows the page's route, so it asks its
// own API what the console would ask as it starts (who is signed in, the configuration, the setup state and the
// login capabilities, and on a folder's or an object's page the repository, the ref and the listing's first page or
// the object's stat), with the page request's session cookie: the same authentication and authorisation as the
// console's own calls, because they are the same calls. The console's API client answers those calls from the page during the first load only
// (src/api/boot-answers.ts), so the page needs no request before its first row. Addresses are built as the console's
// client builds them (a test asks both), since an answer is found by its address.

/** One call's answer as the API gave it. */
export interface BootAnswer {
  status: number;
  body: unknown;
}

/** Answers keyed by the call's address as the console's client makes it: `/api/v1/...` with its query. */
export type BootAnswers = Record<string, BootAnswer>;

/** The id of the page's data block, which the console reads (src/api/boot-answers.ts names it too). */
export const bootElementId = 'tarn-boot';

/** Asks the API a GET at `address` (`/api/v1/...`) with the page request's credentials; undefined for no JSON answer. */
export type AskApi = (address: string) => Promise<BootAnswer | undefined>;

const api = '/api/v1';
const segment = encodeURIComponent;

/** The calls the console's session makes as it starts (src/machines/session/actors.ts), the user's first. */
export const sessionReads = [`${api}/user`, `${api}/config`, `${api}/setup_lakefs`, `${api}/auth/capabilities`];

/** The listing's page size: the console's PAGE_SIZE (src/lib/page-sizes.ts), which a test holds equal. */
export const LISTING_PAGE_SIZE = 100;

/** The page size of the console's whole-list reads: its LIST_ALL_PAGE_SIZE, which a test holds equal. */
export const LIST_ALL_PAGE_SIZE = 1000;

/** The signed-in user's effective policies, which the session reads once it knows the user (permissions.ts). */
export const userPoliciesRead = (userId: string) =>
  `${api}/auth/users/${segment(userId)}/policies?effective=true&amount=${LIST_ALL_PAGE_SIZE}`;

/**
 * A repository page whose first reads the server answers: a folder's, `/repositories/:repo/objects?ref=&path=&after=&search=`,
 * or an object's, `/repositories/:repo/object?ref=&path=`, as their loaders read them.
 */
type RepositoryPage =
  | { kind: 'folder'; repo: string; ref: string | undefined; prefix: string; after: string | undefined }
  | { kind: 'object'; repo: string; ref: string | undefined; path: string };

function repositoryPage(url: URL): RepositoryPage | undefined {
  const match = /^\/repositories\/([^/]+)\/(objects|object)\/?$/.exec(url.pathname);
  if (!match?.[1]) return undefined;
  let repo: string;
  try {
    repo = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  // The console's search schema takes an empty parameter for an absent one.
  const param = (name: string) => url.searchParams.get(name) || undefined;
  if (match[2] === 'object') {
    const path = param('path');
    return path === undefined ? undefined : { kind: 'object', repo, ref: param('ref'), path };
  }
  return { kind: 'folder', repo, ref: param('ref'), prefix: (param('path') ?? '') + (param('search') ?? ''), after: param('after') };
}

/** The addresses of a repository page's reads, as the loaders make them (src/loaders/repository.ts, objects.ts, the object route's). */
export const pageReads = {
  repository: (repo: string) => `${api}/repositories/${segment(repo)}`,
  branch: (repo: string, ref: string) => `${api}/repositories/${segment(repo)}/branches/${segment(ref)}`,
  branchProtection: (repo: string) => `${api}/repositories/${segment(repo)}/settings/branch_protection`,
  listing: (repo: string, ref: string, prefix: string, after: string | undefined) => {
    const query = new URLSearchParams({ prefix });
    if (after !== undefined) query.set('after', after);
    query.set('amount', String(LISTING_PAGE_SIZE));
    query.set('delimiter', '/');
    return `${api}/repositories/${segment(repo)}/refs/${segment(ref)}/objects/ls?${query.toString()}`;
  },
  objectStat: (repo: string, ref: string, path: string) =>
    `${api}/repositories/${segment(repo)}/refs/${segment(ref)}/objects/stat?${new URLSearchParams({ path }).toString()}`,
};

/** Asks, and keeps each answer under its address (JSON answers only: the console asks for any other itself). */
function noter(ask: AskApi, answers: BootAnswers) {
  return async (address: string) => {
    const answer = await ask(address);
    if (answer) answers[address] = answer;
    return answer;
  };
}

async function noteRepositoryPage(page: RepositoryPage, note: ReturnType<typeof noter>): Promise<void> {
  const repository = note(pageReads.repository(page.repo));
  const protection = note(pageReads.branchProtection(page.repo));
  let ref = page.ref;
  if (ref === undefined) {
    // The listing reads the default branch when the URL names no ref.
    const answer = await repository;
    const defaultBranch = answer?.status === 200 ? (answer.body as { default_branch?: unknown }).default_branch : undefined;
    if (typeof defaultBranch !== 'string') return;
    ref = defaultBranch;
  }
  await Promise.all([
    repository,
    protection,
    note(pageReads.branch(page.repo, ref)),
    note(page.kind === 'folder' ? pageReads.listing(page.repo, ref, page.prefix, page.after) : pageReads.objectStat(page.repo, ref, page.path)),
  ]);
}

/**
 * What the page at `url` reads first: the session's reads, and when someone is signed in, the user's policies and
 * the route's reads.
 */
export async function bootAnswers(url: URL, ask: AskApi): Promise<BootAnswers> {
  const answers: BootAnswers = {};
  const note = noter(ask, answers);
  const [user] = await Promise.all(sessionReads.map(note));
  const userId = user?.status === 200 ? (user.body as { user?: { id?: unknown } }).user?.id : undefined;
  if (typeof userId !== 'string') return answers;
  const page = repositoryPage(url);
  await Promise.all([note(userPoliciesRead(userId)), page && noteRepositoryPage(page, note)]);
  return answers;
}

/**
 * The page with its answers in a JSON data block, which no CSP runs as script. Every `<` is escaped so that no
 * answer (a file name, a user's name) can close the element.
 */
export function withBootAnswers(html: string, answers: BootAnswers): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${bootElementId}">${json}</script>`;
  const head = html.search(/<\/head>/i);
  return head === -1 ? html + block : html.slice(0, head) + block + html.slice(head);
}
