import { uploadQueueActors } from './actors';
import { uploadQueueMachine } from './machine';

export * from './machine';
export * from './destination';
export { checkDestination, createUploadFileActor, type UploadFunction } from './actors';

/** The queue machine over the real API. */
export const liveUploadQueueMachine = uploadQueueMachine.provide({ actors: uploadQueueActors });
