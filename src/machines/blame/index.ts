import { blameActors } from './actors';
import { blameMachine } from './machine';

export * from './machine';
export const liveBlameMachine = blameMachine.provide({ actors: blameActors });
