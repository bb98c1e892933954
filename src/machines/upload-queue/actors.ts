// The steps of a file's upload over the real API. Each step of an upload is a callback actor, so it can report
// progress and the event that moves the file on; stopping it (cancel) aborts its request.
import { fromCallback } from 'xstate';
import { errorMessage } from '../../api/errors';
import { stageAllowed } from '../../api/objects';
import { getStagingLocation, linkStagedObject, putToPresignedUrl, uploadObject, UploadAbortedError } from '../../api/upload';
import type { CheckDestinationInput, FileStepEvent, LinkObjectInput, PutToStoreInput, UploadFileInput, UploadReport } from './file-upload';

interface StepOptions {
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/** A step of one file's upload: its work answers the event that reports it done; a failure reports `file.failed`. */
export function createFileStepActor<TInput extends { id: string }>(run: (input: TInput, options: StepOptions) => Promise<UploadReport>) {
  return fromCallback<FileStepEvent, TInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const report = (event: UploadReport) => {
      if (!controller.signal.aborted) sendBack(event);
    };
    run(input, { signal: controller.signal, onProgress: (percent) => report({ type: 'file.progress', id: input.id, percent }) }).then(
      report,
      (error: unknown) => {
        if (!(error instanceof UploadAbortedError)) report({ type: 'file.failed', id: input.id, message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  });
}

export type UploadFunction = (input: UploadFileInput, options: StepOptions) => Promise<unknown>;

/** Wraps a whole-file upload function as the queue's upload through the server. */
export function createUploadFileActor(upload: UploadFunction) {
  return createFileStepActor<UploadFileInput>(async (input, options) => {
    await upload(input, options);
    return { type: 'file.done', id: input.id };
  });
}

/** The stage_allowed preflight of one destination, the first step of a file's upload. */
export const checkDestination = fromCallback<FileStepEvent, CheckDestinationInput>(({ input, sendBack }) => {
  const controller = new AbortController();
  stageAllowed(input.repoId, input.branch, input.path, controller.signal).then(
    (allowed) => sendBack({ type: allowed ? 'file.allowed' : 'file.refused', id: input.id }),
    (error: unknown) => {
      if (!controller.signal.aborted) sendBack({ type: 'file.failed', id: input.id, message: errorMessage(error) });
    },
  );
  return () => controller.abort();
});

export const fileUploadActors = {
  checkDestination,
  uploadFile: createUploadFileActor((input, options) => uploadObject(input.repoId, input.branch, input.path, input.file, options)),
  stageFile: createFileStepActor<CheckDestinationInput>(async (input, { signal }) => ({
    type: 'file.staged',
    id: input.id,
    staging: await getStagingLocation(input.repoId, input.branch, input.path, signal),
  })),
  putToStore: createFileStepActor<PutToStoreInput>(async (input, options) => ({
    type: 'file.stored',
    id: input.id,
    staging: input.staging,
    checksum: await putToPresignedUrl(input.staging.presigned_url ?? '', input.file, { ...options, blockstoreType: input.blockstoreType }),
  })),
  linkObject: createFileStepActor<LinkObjectInput>(async (input, { signal }) => {
    await linkStagedObject(input.repoId, input.branch, input.path, input, signal);
    return { type: 'file.done', id: input.id };
  }),
};
