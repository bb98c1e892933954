// What the object viewer's route reads for it (docs/behaviour.md, Object viewer): the object's stat and, for the renderers that show
// content, that content, read once, within the caps.
import type { ObjectStats } from '../../api/types';
import type { RendererKind } from './renderer-kind';

export type ObjectContent =
  /**
   * The renderer reads nothing here: an image points at the object's address, a data file is read by its SQL
   * preview, the rest show a notice.
   */
  | { kind: 'none' }
  /** The whole object as text (markdown, notebook, source). */
  | { kind: 'text'; text: string }
  | { kind: 'pdf'; blob: Blob }
  /** The object was found but its content could not be read. */
  | { kind: 'failed'; error: unknown };

export type LoadedObject =
  | { status: 'found'; stats: ObjectStats; renderer: RendererKind; content: ObjectContent }
  /** The object's stat failed (missing object, missing ref...). */
  | { status: 'failed'; error: unknown };
