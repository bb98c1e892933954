import { setupActors } from './actors';
import { setupMachine } from './machine';

export * from './machine';
export const liveSetupMachine = setupMachine.provide({ actors: setupActors });
