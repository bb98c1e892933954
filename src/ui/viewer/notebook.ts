// A reader for Jupyter notebooks (nbformat 4): only the fields the viewer shows, checked as they are read,
// since a notebook is untrusted input.

export type NotebookOutput =
  | { kind: 'text'; text: string }
  | { kind: 'html'; html: string }
  | { kind: 'markdown'; source: string }
  | { kind: 'image'; dataUrl: string }
  | { kind: 'error'; text: string };

export type NotebookCell =
  | { kind: 'markdown'; source: string }
  | { kind: 'code'; source: string; executionCount: number | null; outputs: NotebookOutput[] }
  | { kind: 'raw'; source: string };

export interface Notebook {
  language: string;
  cells: NotebookCell[];
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Notebook text fields are a string or a list of lines. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((line): line is string => typeof line === 'string').join('');
  return '';
}

// eslint-disable-next-line no-control-regex -- tracebacks carry terminal colour codes, which are stripped
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
const BASE64 = /^[A-Za-z0-9+/=\s]+$/;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

function richOutput(data: Json): NotebookOutput | undefined {
  for (const type of IMAGE_TYPES) {
    const encoded = text(data[type]);
    if (encoded && BASE64.test(encoded)) return { kind: 'image', dataUrl: `data:${type};base64,${encoded.replace(/\s/g, '')}` };
  }
  if (data['text/html'] !== undefined) return { kind: 'html', html: text(data['text/html']) };
  if (data['text/markdown'] !== undefined) return { kind: 'markdown', source: text(data['text/markdown']) };
  if (data['text/plain'] !== undefined) return { kind: 'text', text: text(data['text/plain']) };
  return undefined;
}

function output(value: unknown): NotebookOutput | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.output_type) {
    case 'stream':
      return { kind: 'text', text: text(value.text) };
    case 'execute_result':
    case 'display_data':
      return isRecord(value.data) ? richOutput(value.data) : undefined;
    case 'error': {
      const traceback = text(Array.isArray(value.traceback) ? value.traceback.map((l) => `${String(l)}\n`) : []);
      return { kind: 'error', text: (traceback || `${text(value.ename)}: ${text(value.evalue)}`).replace(ANSI, '') };
    }
    default:
      return undefined;
  }
}

function cell(value: unknown): NotebookCell | undefined {
  if (!isRecord(value)) return undefined;
  const source = text(value.source);
  switch (value.cell_type) {
    case 'markdown':
      return { kind: 'markdown', source };
    case 'code': {
      const outputs = Array.isArray(value.outputs) ? value.outputs.map(output) : [];
      return {
        kind: 'code',
        source,
        executionCount: typeof value.execution_count === 'number' ? value.execution_count : null,
        outputs: outputs.filter((o): o is NotebookOutput => o !== undefined),
      };
    }
    case 'raw':
      return { kind: 'raw', source };
    default:
      return undefined;
  }
}

/** Parses notebook JSON; throws when it is not a notebook. */
export function parseNotebook(json: string): Notebook {
  const doc: unknown = JSON.parse(json);
  if (!isRecord(doc) || !Array.isArray(doc.cells)) throw new Error('This file is not a Jupyter notebook');
  const metadata = isRecord(doc.metadata) ? doc.metadata : {};
  const kernel = isRecord(metadata.kernelspec) ? text(metadata.kernelspec.language) : '';
  const info = isRecord(metadata.language_info) ? text(metadata.language_info.name) : '';
  return {
    language: (kernel || info || 'python').toLowerCase(),
    cells: doc.cells.map(cell).filter((c): c is NotebookCell => c !== undefined),
  };
}
