import { uploadPermissionActors } from './actors';
import { uploadPermissionMachine } from './machine';

export * from './machine';
export { BRANCH_PROBE_PATH } from './actors';
export const liveUploadPermissionMachine = uploadPermissionMachine.provide({ actors: uploadPermissionActors });
