import { createUploadQueueActors } from './actors';
import { uploadQueueMachine } from './machine';

export * from './machine';
export * from './destination';
export { createUploadFileActor, type UploadFunction } from './actors';

/** The queue machine wired to the real API, with its own storage-config read. */
export const createLiveUploadQueueMachine = () => uploadQueueMachine.provide({ actors: createUploadQueueActors() });
