import type { HLJSApi, LanguageFn } from 'highlight.js';

// highlight.js is loaded on first use, with only the grammar the object needs, so no route pays for it up front.

type GrammarLoader = () => Promise<{ default: LanguageFn }>;

const GRAMMARS: Readonly<Record<string, GrammarLoader>> = {
  json: () => import('highlight.js/lib/languages/json'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
  ini: () => import('highlight.js/lib/languages/ini'),
  python: () => import('highlight.js/lib/languages/python'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  sql: () => import('highlight.js/lib/languages/sql'),
  bash: () => import('highlight.js/lib/languages/bash'),
  go: () => import('highlight.js/lib/languages/go'),
  rust: () => import('highlight.js/lib/languages/rust'),
  java: () => import('highlight.js/lib/languages/java'),
  scala: () => import('highlight.js/lib/languages/scala'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  css: () => import('highlight.js/lib/languages/css'),
  xml: () => import('highlight.js/lib/languages/xml'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  diff: () => import('highlight.js/lib/languages/diff'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
};

let core: Promise<HLJSApi> | undefined;

async function loadCore(): Promise<HLJSApi> {
  core ??= import('highlight.js/lib/core').then((m) => m.default);
  return core;
}

export function isKnownLanguage(language: string): boolean {
  return language in GRAMMARS;
}

/**
 * Returns highlighted HTML for `code`. highlight.js escapes the source and emits only <span class="hljs-…">,
 * so the result is safe to inject. Unknown languages come back escaped as plain text.
 */
export async function highlightCode(code: string, language: string): Promise<string> {
  const hljs = await loadCore();
  const loader = GRAMMARS[language];
  if (loader === undefined) return escapeHtml(code);
  if (!hljs.getLanguage(language)) hljs.registerLanguage(language, (await loader()).default);
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
