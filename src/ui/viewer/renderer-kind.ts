import { VIEWER_SIZE_CAP_BYTES } from '../../lib/constants';
import { extensionOf } from '../../lib/extension';
import { dataFormatOfExtension, dataFormatOfType, type DataFormat } from '../../lib/sql/data-format';

// docs/behaviour.md, Object viewer: the renderer is chosen by content type, then by extension. Data files are exempt from the size cap
// (their SQL preview reads ranges, not the whole object).

export type RendererKind =
  | 'data'
  | 'markdown'
  | 'notebook'
  | 'image'
  | 'pdf'
  | 'text'
  | 'jsonl'
  | 'geojson'
  | 'unsupported'
  | 'too-large';

export interface ObjectDescription {
  path: string;
  contentType?: string | undefined;
  sizeBytes?: number | undefined;
}

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'svg', 'ico', 'avif']);
const NOTEBOOK_TYPES = new Set(['application/x-ipynb+json', 'application/x-ipynb', 'application/ipynb']);
const JSONL_TYPES = new Set(['application/jsonl', 'application/x-jsonlines', 'application/jsonlines', 'application/x-ndjson', 'application/ndjson']);

/** Extension → highlight.js language. Only these are loaded, each on demand. */
export const LANGUAGE_BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'plaintext',
  text: 'plaintext',
  log: 'plaintext',
  json: 'json',
  jsonl: 'json',
  ndjson: 'json',
  geojson: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  cfg: 'ini',
  conf: 'ini',
  py: 'python',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  sql: 'sql',
  sh: 'bash',
  bash: 'bash',
  go: 'go',
  rs: 'rust',
  java: 'java',
  scala: 'scala',
  r: 'r',
  rb: 'ruby',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  hpp: 'cpp',
  cc: 'cpp',
  css: 'css',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  dockerfile: 'dockerfile',
  makefile: 'makefile',
  diff: 'diff',
  patch: 'diff',
};

/** Content type subtype (after text/, text/x-, application/x-) → highlight.js language. */
const LANGUAGE_BY_SUBTYPE: Readonly<Record<string, string>> = {
  json: 'json',
  yaml: 'yaml',
  toml: 'ini',
  python: 'python',
  javascript: 'javascript',
  ecmascript: 'javascript',
  typescript: 'typescript',
  sql: 'sql',
  sh: 'bash',
  shellscript: 'bash',
  xml: 'xml',
  html: 'xml',
  css: 'css',
  go: 'go',
  rust: 'rust',
  java: 'java',
  c: 'c',
  'c++': 'cpp',
  diff: 'diff',
  plain: 'plaintext',
};

/** The media type without parameters, lower-cased ('' when absent). */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function subtypeLanguage(type: string): string | undefined {
  const match = /^(?:text|application)\/(?:x-)?([a-z0-9+.-]+?)(?:-script)?$/.exec(type);
  const subtype = match?.[1];
  if (subtype === undefined) return undefined;
  return LANGUAGE_BY_SUBTYPE[subtype] ?? LANGUAGE_BY_SUBTYPE[subtype.split('+').pop() ?? ''];
}

function kindFromSpecificType(type: string): RendererKind | undefined {
  if (dataFormatOfType(type)) return 'data';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (NOTEBOOK_TYPES.has(type)) return 'notebook';
  if (JSONL_TYPES.has(type)) return 'jsonl';
  if (type === 'application/geo+json') return 'geojson';
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  return undefined;
}

function kindFromExtension(ext: string): RendererKind | undefined {
  if (dataFormatOfExtension(ext)) return 'data';
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  if (ext === 'ipynb' || ext === 'pynb') return 'notebook';
  if (IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'jsonl' || ext === 'ndjson') return 'jsonl';
  if (ext === 'geojson') return 'geojson';
  if (ext in LANGUAGE_BY_EXTENSION) return 'text';
  return undefined;
}

function isGenericTextType(type: string): boolean {
  return type.startsWith('text/') || subtypeLanguage(type) !== undefined;
}

/** The renderer for an object before any size rule. */
export function contentKind({ path, contentType }: ObjectDescription): RendererKind {
  const type = mediaType(contentType);
  const ext = extensionOf(path);
  return (
    kindFromSpecificType(type) ??
    kindFromExtension(ext) ??
    (isGenericTextType(type) ? 'text' : 'unsupported')
  );
}

export function chooseRenderer(object: ObjectDescription): RendererKind {
  const kind = contentKind(object);
  if (kind !== 'data' && (object.sizeBytes ?? 0) > VIEWER_SIZE_CAP_BYTES) return 'too-large';
  return kind;
}

/** The format of a data object: its extension first (a CSV file is often served as text/plain), then its type. */
export function dataFormat({ path, contentType }: ObjectDescription): DataFormat | undefined {
  return dataFormatOfExtension(extensionOf(path)) ?? dataFormatOfType(mediaType(contentType));
}

/** The highlight.js language for a text object: extension first (more precise), then the content type. */
export function languageFor({ path, contentType }: ObjectDescription): string {
  return (
    LANGUAGE_BY_EXTENSION[extensionOf(path)] ?? subtypeLanguage(mediaType(contentType)) ?? 'plaintext'
  );
}
