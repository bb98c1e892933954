import { importActors } from './actors';
import { importMachine } from './machine';

export * from './machine';
export * from './rules';

/** The import machine over the real API; once the import has committed, it tells the page that opened it. */
export const liveImportMachine = importMachine.provide({ actors: importActors });
