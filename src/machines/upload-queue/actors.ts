// The upload queue's actors over the real API. An upload is a callback actor so it can report progress;
// stopping it (cancel) aborts the request.
import { fromCallback, fromPromise } from 'xstate';
import { getConfig } from '../../api/config';
import { errorMessage } from '../../api/errors';
import { stageAllowed, uploadObject, uploadObjectPresigned, UploadAbortedError } from '../../api/objects';
import type { StorageConfig } from '../../api/types';
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

/** Reads the storage config once per queue (again after a failure): it decides direct or presigned uploads. */
function storageConfigOnce(): () => Promise<StorageConfig | undefined> {
  let pending: Promise<StorageConfig | undefined> | undefined;
  return () => {
    pending ??= getConfig().then(
      (config) => config.storage_config,
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
}

/** Presigned when the server offers it to the console (pre_sign_support_ui), else through the server. */
export function uploadThroughBestPath(storage: () => Promise<StorageConfig | undefined>): UploadFunction {
  return async (input, options) => {
    const config = await storage();
    if (config?.pre_sign_support_ui) {
      return uploadObjectPresigned(input.repoId, input.branch, input.path, input.file, {
        ...options,
        blockstoreType: config.blockstore_type,
      });
    }
    return uploadObject(input.repoId, input.branch, input.path, input.file, options);
  };
}

/** Actors for one upload queue (one dialog opening). */
export function createUploadQueueActors() {
  return {
    checkStageAllowed: fromPromise<boolean, { repoId: string; branch: string; path: string }>(({ input, signal }) =>
      stageAllowed(input.repoId, input.branch, input.path, signal),
    ),
    uploadFile: createUploadFileActor(uploadThroughBestPath(storageConfigOnce())),
  };
}
