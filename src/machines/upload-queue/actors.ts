// The upload queue's actors over the real API. An upload is a callback actor so it can report progress;
// stopping it (cancel) aborts the request.
import { fromCallback } from 'xstate';
import { errorMessage } from '../../api/errors';
import { stageAllowed } from '../../api/objects';
import { uploadObject, uploadObjectPresigned, UploadAbortedError } from '../../api/upload';
import type { CheckDestinationInput, UploadFileInput, UploadQueueEvent, UploadReport } from './machine';

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

/** Presigned when the server offers it to the console (pre_sign_support_ui), else through the server. */
export const uploadThroughBestPath: UploadFunction = (input, options) =>
  input.storage?.pre_sign_support_ui
    ? uploadObjectPresigned(input.repoId, input.branch, input.path, input.file, {
        ...options,
        blockstoreType: input.storage.blockstore_type,
      })
    : uploadObject(input.repoId, input.branch, input.path, input.file, options);

/** The stage_allowed preflight of one destination, as the queue's per-file check. */
export const checkDestination = fromCallback<UploadQueueEvent, CheckDestinationInput>(({ input, sendBack }) => {
  const controller = new AbortController();
  stageAllowed(input.repoId, input.branch, input.path, controller.signal).then(
    (allowed) => sendBack({ type: allowed ? 'file.allowed' : 'file.refused', id: input.id }),
    (error: unknown) => {
      if (!controller.signal.aborted) sendBack({ type: 'file.failed', id: input.id, message: errorMessage(error) });
    },
  );
  return () => controller.abort();
});

export const uploadQueueActors = {
  checkDestination,
  uploadFile: createUploadFileActor(uploadThroughBestPath),
};
