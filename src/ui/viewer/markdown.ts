import { highlightCode } from './highlight';
import { resolveRepoPath } from '../objects/paths';

// Markdown is rendered with marked and then sanitised with DOMPurify; both load on first use. Relative links and
// images point at objects of the same ref, resolved from the folder of the markdown file (never above the root).

export interface MarkdownLinks {
  repoId: string;
  ref: string;
  /** The folder of the markdown file, e.g. 'docs/' ('' at the root). */
  baseDir: string;
  /** URL that downloads an object. */
  objectUrl(repoId: string, ref: string, path: string): string;
  /** URL of the console's listing of a prefix. */
  browseUrl(repoId: string, ref: string, prefix: string): string;
}

// DOMPurify's default URI rule plus lakefs:, which is rewritten to an object URL right after sanitising.
const ALLOWED_URI = /^(?:(?:https?|mailto|tel|lakefs):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

type Purify = typeof import('dompurify').default;
let purifier: Promise<Purify> | undefined;

function loadPurify(): Promise<Purify> {
  purifier ??= import('dompurify').then((m) => m.default);
  return purifier;
}

async function sanitizeToBody(html: string): Promise<HTMLElement> {
  const purify = await loadPurify();
  const body = purify.sanitize(html, {
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    RETURN_DOM: true,
  });
  const container = document.createElement('div');
  container.append(...Array.from(body.childNodes));
  return container;
}

/** Sanitised markup with scripts, event handlers and unsafe URLs removed. */
export async function sanitizeHtml(html: string): Promise<string> {
  return (await sanitizeToBody(html)).innerHTML;
}

function splitLakefsUri(uri: string): { repoId: string; ref: string; path: string } | undefined {
  const match = /^lakefs:\/\/([^/]+)\/([^/]+)\/?(.*)$/i.exec(uri);
  if (!match) return undefined;
  return { repoId: match[1] ?? '', ref: match[2] ?? '', path: match[3] ?? '' };
}

/** The URL a link or image in the document should really use, or undefined to leave it alone. */
function rewriteUrl(value: string, links: MarkdownLinks, forImage: boolean): string | undefined {
  const lakefs = splitLakefsUri(value);
  if (lakefs) {
    return lakefs.path === '' || lakefs.path.endsWith('/')
      ? links.browseUrl(lakefs.repoId, lakefs.ref, lakefs.path)
      : links.objectUrl(lakefs.repoId, lakefs.ref, lakefs.path);
  }
  if (value === '' || value.startsWith('#') || value.startsWith('//') || HAS_SCHEME.test(value)) return undefined;
  const target = value.split(/[?#]/)[0] ?? '';
  const path = resolveRepoPath(links.baseDir, target);
  if (!forImage && (path === '' || path.endsWith('/'))) return links.browseUrl(links.repoId, links.ref, path);
  return links.objectUrl(links.repoId, links.ref, path);
}

function rewriteLinks(body: HTMLElement, links: MarkdownLinks): void {
  for (const img of Array.from(body.querySelectorAll('img[src]'))) {
    const next = rewriteUrl(img.getAttribute('src') ?? '', links, true);
    if (next !== undefined) img.setAttribute('src', next);
  }
  for (const anchor of Array.from(body.querySelectorAll('a[href]'))) {
    const href = anchor.getAttribute('href') ?? '';
    const next = rewriteUrl(href, links, false);
    if (next !== undefined) anchor.setAttribute('href', next);
    else if (/^https?:/i.test(href)) {
      anchor.setAttribute('target', '_blank');
      anchor.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

async function highlightBlocks(body: HTMLElement): Promise<void> {
  const blocks = Array.from(body.querySelectorAll('pre > code[class*="language-"]'));
  await Promise.all(
    blocks.map(async (code) => {
      const language = /language-([\w+-]+)/.exec(code.className)?.[1] ?? 'plaintext';
      code.innerHTML = await highlightCode(code.textContent ?? '', language);
      code.classList.add('hljs');
    }),
  );
}

/** Renders GitHub-flavoured markdown to sanitised HTML with repository-relative links resolved. */
export async function renderMarkdown(source: string, links: MarkdownLinks): Promise<string> {
  const { marked } = await import('marked');
  const html = await marked.parse(source, { gfm: true, async: true });
  const body = await sanitizeToBody(html);
  rewriteLinks(body, links);
  await highlightBlocks(body);
  return body.innerHTML;
}
