import { loadObjectDiff } from './actors';
import { objectDiffMachine } from './machine';

export * from './machine';
export { loadObjectDiff } from './actors';

/** An object's line diff over the real API. */
export const liveObjectDiffMachine = objectDiffMachine.provide({ actors: { loadObjectDiff } });
