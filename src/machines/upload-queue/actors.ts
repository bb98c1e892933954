// The upload queue's actors over the real API. An upload is a callback actor so it can report progress;
// stopping it (cancel) aborts the request.
import { fromCallback, fromPromise } from 'xstate';
import { stageAllowed, uploadObject, UploadAbortedError } from '../../api/objects';
import { errorMessage } from '../../api/errors';
import type { UploadFileInput, UploadQueueEvent, UploadReport } from './machine';

export type UploadFunction = (
  input: UploadFileInput,
  options: { onProgress: (percent: number) => void; signal: AbortSignal },
) => Promise<unknown>;

/** Wraps an upload function as the queue's per-file actor. */
export function createUploadFileActor(upload: UploadFunction) {
  return fromCallback<UploadQueueEvent, UploadFileInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const report = (event: UploadReport) => {
      if (!controller.signal.aborted) sendBack(event);
    };
    upload(input, { signal: controller.signal, onProgress: (percent) => report({ type: 'file.progress', id: input.id, percent }) }).then(
      () => report({ type: 'file.done', id: input.id }),
      (error: unknown) => {
        if (!(error instanceof UploadAbortedError)) report({ type: 'file.failed', id: input.id, message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  });
}

export const uploadQueueActors = {
  checkStageAllowed: fromPromise<boolean, { repoId: string; branch: string; path: string }>(({ input, signal }) =>
    stageAllowed(input.repoId, input.branch, input.path, signal),
  ),
  uploadFile: createUploadFileActor((input, options) =>
    uploadObject(input.repoId, input.branch, input.path, input.file, options),
  ),
};
