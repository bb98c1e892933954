import { liveRowDiffMachine } from '../row-diff';
import { tablePageMachine } from './machine';

export * from './machine';

/** The table page with its row diff over the real SQL engine. */
export const liveTablePageMachine = tablePageMachine.provide({ actors: { rowDiff: liveRowDiffMachine } });
