// Streaming objects into one zip in the browser: objects are fetched a few ahead of the zip writer, so at most a
// handful of responses are open at a time and no object is held whole in memory (client-zip stores entries as they
// stream, with the sizes after the data). A failed fetch skips the object and reports why; the zip still completes.
import { downloadZip } from 'client-zip';
import { errorMessage } from '../../lib/error-message';

export interface ZipProgress {
  /** Objects written whole into the zip. */
  files: number;
  /** Bytes of object content read so far. */
  bytes: number;
}

export interface ZipFailure {
  path: string;
  message: string;
}

export interface ZipObjectsOptions {
  paths: readonly string[];
  /** The folder the download was started in: names inside the zip are relative to it. */
  dir: string;
  /** The object's content; a rejection (or an error answer) skips the object. */
  fetchObject: (path: string, signal: AbortSignal) => Promise<Response>;
  signal: AbortSignal;
  onProgress: (progress: ZipProgress) => void;
  onFailure: (failure: ZipFailure) => void;
}

/** Objects requested ahead of the one being written. */
export const ZIP_LOOKAHEAD = 4;

/**
 * The least time between two progress reports. Each report redraws the dialog; reporting every small object's end
 * spent more time drawing than zipping.
 */
export const ZIP_PROGRESS_INTERVAL_MS = 100;

/**
 * The name of `path` inside the zip: relative to `dir`, and with no '.', '..' or empty segment, so that extracting
 * the zip cannot write outside the folder it is extracted into whatever the object keys hold.
 */
export function zipEntryName(path: string, dir: string): string {
  const relative = dir !== '' && path.startsWith(dir) ? path.slice(dir.length) : path;
  const segments = relative.split('/').filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  return segments.length > 0 ? segments.join('/') : '_';
}

/** The zip of `paths` as a stream; objects are fetched, a few ahead, as the stream is read. */
export function zipObjects({ paths, dir, fetchObject, signal, onProgress, onFailure }: ZipObjectsOptions): ReadableStream<Uint8Array> {
  const progress: ZipProgress = { files: 0, bytes: 0 };
  let reportedAt = -Infinity;
  const report = (last = false) => {
    const now = performance.now();
    if (!last && now - reportedAt < ZIP_PROGRESS_INTERVAL_MS) return;
    reportedAt = now;
    onProgress({ ...progress });
  };
  const counter = () =>
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        progress.bytes += chunk.byteLength;
        report();
        controller.enqueue(chunk);
      },
    });

  async function* entries() {
    // The next few objects are requested while one is written, so small objects do not each wait a round trip;
    // each waiting response holds only what the network has buffered of its body.
    const waiting: { path: string; response: Promise<Response> }[] = [];
    let next = 0;
    const requestAhead = () => {
      while (waiting.length < ZIP_LOOKAHEAD && next < paths.length && !signal.aborted) {
        const path = paths[next++] as string;
        const response = fetchObject(path, signal);
        // Its failure is reported when its turn comes; until then it must not count as unhandled.
        response.catch(() => undefined);
        waiting.push({ path, response });
      }
    };
    requestAhead();
    for (let entry = waiting.shift(); entry; entry = waiting.shift()) {
      if (signal.aborted) return;
      let response: Response;
      try {
        response = await entry.response;
      } catch (error) {
        if (signal.aborted) return;
        onFailure({ path: entry.path, message: errorMessage(error) });
        requestAhead();
        continue;
      }
      requestAhead();
      const input = response.body ? new Response(response.body.pipeThrough(counter()), { headers: response.headers }) : response;
      yield { name: zipEntryName(entry.path, dir), input };
      // The writer asks for the next entry only once it has read this one to its end.
      progress.files += 1;
      report();
    }
    // The last count is always reported, however soon after the one before.
    report(true);
  }

  const body = downloadZip(entries()).body;
  if (!body) throw new Error('the zip writer gave no stream');
  return body;
}
