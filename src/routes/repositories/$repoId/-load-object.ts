// The object viewer's read (docs/behaviour.md, Object viewer): the stat, then only what the object's renderer shows, within the caps.
// Loaded with the viewer route's loader, on demand: the renderer rules are not part of the console's first load.
import { getObjectBlob, getObjectText, statObject } from '../../../api/objects';
import type { ObjectStats } from '../../../api/types';
import type { LoadedObject, ObjectContent } from '../../../ui/viewer/objectContent';
import { chooseRenderer, dataFormat, type RendererKind } from '../../../ui/viewer/renderer-kind';

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

const loadEngineStarter = () => import('../../../lib/sql/engine-loader');

/**
 * A data file opens on its SQL preview: DuckDB's worker starts before the page renders, not once the preview asks.
 * The starter's small module is fetched beside the stat when the extension names a data format.
 */
async function startEngineFor(renderer: RendererKind, starter: ReturnType<typeof loadEngineStarter> | undefined): Promise<void> {
  if (renderer !== 'data') return;
  try {
    (await (starter ?? loadEngineStarter())).startSqlEngine();
  } catch {
    // The preview loads the engine itself, and says what failed.
  }
}

/** The object at `path` of `ref`; failures are part of the answer, so the page still shows its header. */
export async function loadObject(repoId: string, ref: string, path: string, signal: AbortSignal): Promise<LoadedObject> {
  const starter = dataFormat({ path }) ? loadEngineStarter() : undefined;
  starter?.catch(() => undefined);
  let stats: ObjectStats;
  try {
    stats = await statObject(repoId, ref, path, signal);
  } catch (error) {
    return { status: 'failed', error };
  }
  const renderer = chooseRenderer({ path: stats.path, contentType: stats.content_type, sizeBytes: stats.size_bytes });
  await startEngineFor(renderer, starter);
  const content = await readContent(repoId, ref, stats, renderer, signal).catch((error: unknown): ObjectContent => ({ kind: 'failed', error }));
  return { status: 'found', stats, renderer, content };
}
