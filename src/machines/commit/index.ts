import { commitActors } from './actors';
import { commitMachine } from './machine';

export * from './machine';
export * from './metadata';
export const liveCommitMachine = commitMachine.provide({ actors: commitActors });
