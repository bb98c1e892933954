import { rowDiffActors } from './actors';
import { rowDiffMachine } from './machine';

export * from './machine';
export { rowDiffActors } from './actors';

/** A data object's row diff over the real engine. */
export const liveRowDiffMachine = rowDiffMachine.provide({ actors: rowDiffActors });
