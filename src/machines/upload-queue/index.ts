import { uploadQueueActors } from './actors';
import { uploadQueueMachine } from './machine';

export * from './machine';
export * from './destination';
export { createUploadFileActor, type UploadFunction } from './actors';
export const liveUploadQueueMachine = uploadQueueMachine.provide({ actors: uploadQueueActors });
