// The object viewer's read (docs/behaviour.md, Object viewer): the stat, then only what the object's renderer shows, within the caps.
// Loaded with the viewer route's loader, on demand: the renderer rules are not part of the console's first load.
import { getObjectBlob, getObjectText, statObject } from '../../../api/objects';
import type { ObjectStats } from '../../../api/types';
import type { LoadedObject, ObjectContent } from '../../../ui/viewer/objectContent';
import { chooseRenderer, type RendererKind } from '../../../ui/viewer/renderer-kind';

async function readContent(
  repoId: string,
  ref: string,
  stats: ObjectStats,
  renderer: RendererKind,
  signal: AbortSignal,
): Promise<ObjectContent> {
  const { path } = stats;
  switch (renderer) {
    case 'markdown':
    case 'notebook':
    case 'text':
    case 'jsonl':
    case 'geojson':
      return { kind: 'text', text: await getObjectText(repoId, ref, path, { signal }) };
    case 'pdf':
      return { kind: 'pdf', blob: await getObjectBlob(repoId, ref, path, 'application/pdf', signal) };
    // Images point at the object's address, data files are read by their SQL preview (ranges, as its queries need
    // them), the rest are notices.
    case 'data':
    case 'image':
    case 'too-large':
    case 'unsupported':
      return { kind: 'none' };
  }
}

/** The object at `path` of `ref`; failures are part of the answer, so the page still shows its header. */
export async function loadObject(repoId: string, ref: string, path: string, signal: AbortSignal): Promise<LoadedObject> {
  let stats: ObjectStats;
  try {
    stats = await statObject(repoId, ref, path, signal);
  } catch (error) {
    return { status: 'failed', error };
  }
  const renderer = chooseRenderer({ path: stats.path, contentType: stats.content_type, sizeBytes: stats.size_bytes });
  const content = await readContent(repoId, ref, stats, renderer, signal).catch((error: unknown): ObjectContent => ({ kind: 'failed', error }));
  return { status: 'found', stats, renderer, content };
}
