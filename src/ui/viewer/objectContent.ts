// What the object viewer's route reads for it (spec 1 §4, §9): the object's stat and, for the renderers that show
// content, that content, read once, within the caps.
import type { ObjectStats } from '../../api/types';
import type { RendererKind } from './renderer-kind';

export type ObjectContent =
  /** The renderer needs no bytes (an image points at the object's address) or shows a notice instead. */
  | { kind: 'none' }
  /** The whole object as text (markdown, notebook, source). */
  | { kind: 'text'; text: string }
  /** The start of a CSV or TSV file; `partial` when the file goes on past it. */
  | { kind: 'rows'; text: string; partial: boolean }
  | { kind: 'pdf'; blob: Blob }
  /** The object was found but its content could not be read. */
  | { kind: 'failed'; error: unknown };

export type LoadedObject =
  | { status: 'found'; stats: ObjectStats; renderer: RendererKind; content: ObjectContent }
  /** The object's stat failed (missing object, missing ref...). */
  | { status: 'failed'; error: unknown };
