// The zip download over the real API and the browser's ways of saving a file.
import { fromCallback, fromPromise } from 'xstate';
import { getObjectResponse } from '../../api/objects';
import { errorMessage } from '../../lib/error-message';
import { saveFile } from '../../lib/save-file';
import { bulkDownloadMachine, type ZipRunEvent, type ZipRunInput, type ZipTarget } from './machine';

/** An object's content at a ref of a repository. */
export type FetchObject = (at: Pick<ZipRunInput, 'repoId' | 'refId'>, path: string, signal: AbortSignal) => Promise<Response>;

/** The File System Access API's save dialog (Chromium); TypeScript's DOM library does not declare it yet. */
interface SavePickerWindow {
  showSaveFilePicker?: (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<FileSystemFileHandle>;
}

/** Where the zip is written: a file the user picks when the browser can stream to one, else the downloads. */
export async function chooseZipTarget(name: string): Promise<ZipTarget | null> {
  const picker = (window as SavePickerWindow).showSaveFilePicker;
  if (picker) {
    let handle: FileSystemFileHandle;
    try {
      handle = await picker.call(window, { suggestedName: name, types: [{ description: 'Zip archive', accept: { 'application/zip': ['.zip'] } }] });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return null;
      throw error;
    }
    return {
      async write(zip, signal) {
        // An aborted pipe aborts the writable, and the browser then discards the partly written file.
        await zip.pipeTo(await handle.createWritable(), { signal });
      },
    };
  }
  return {
    async write(zip, signal) {
      // Without the File System Access API a page cannot stream to a file of the user's choosing (short of a service
      // worker serving the stream as a download), so the zip is gathered into a Blob and handed over as a download.
      // The browser keeps a large Blob out of the page's heap (Chromium and Firefox page it to disk), and the objects
      // are still fetched a few at a time and streamed into the zip.
      const blob = await new Response(zip, { headers: { 'content-type': 'application/zip' } }).blob();
      if (!signal.aborted) saveFile(blob, name);
    },
  };
}

/** The zip run as a callback actor: progress and failures are reported as they happen; stopping it aborts it. */
export function zipRunActor(fetchObject: FetchObject) {
  return fromCallback<ZipRunEvent, ZipRunInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const { signal } = controller;
    const report = (event: ZipRunEvent) => {
      if (!signal.aborted) sendBack(event);
    };
    // The zip writer (client-zip) loads with the first download, not with the objects page.
    import('./zip-objects')
      .then(({ zipObjects }) => {
        if (signal.aborted) return;
        const zip = zipObjects({
          paths: input.paths,
          dir: input.dir,
          fetchObject: (path, fetchSignal) => fetchObject(input, path, fetchSignal),
          signal,
          onProgress: (progress) => report({ type: 'zip.progress', ...progress }),
          onFailure: (failure) => report({ type: 'zip.failure', failure }),
        });
        input.target.write(zip, signal).then(
          () => report({ type: 'zip.done' }),
          (error: unknown) => report({ type: 'zip.error', message: errorMessage(error) }),
        );
      })
      .catch((error: unknown) => report({ type: 'zip.error', message: errorMessage(error) }));
    return () => controller.abort();
  });
}

export const liveBulkDownloadMachine = bulkDownloadMachine.provide({
  actors: {
    chooseTarget: fromPromise<ZipTarget | null, { archiveName: string }>(({ input }) => chooseZipTarget(input.archiveName)),
    zip: zipRunActor(({ repoId, refId }, path, signal) => getObjectResponse(repoId, refId, path, signal)),
  },
});
