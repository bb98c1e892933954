import { confirmDeleteActors } from './actors';
import { confirmDeleteMachine } from './machine';

export * from './machine';
export const liveConfirmDeleteMachine = confirmDeleteMachine.provide({ actors: confirmDeleteActors });
