import { fileUploadActors } from './actors';
import { fileUploadMachine } from './file-upload';
import { uploadQueueMachine } from './machine';

export * from './machine';
export * from './file-upload';
export * from './destination';
export { checkDestination, createUploadFileActor, type UploadFunction } from './actors';

/** The queue machine over the real API. */
export const liveUploadQueueMachine = uploadQueueMachine.provide({
  actors: { fileUpload: fileUploadMachine.provide({ actors: fileUploadActors }) },
});
