import { importActors } from './actors';
import { importMachine } from './machine';

export * from './machine';
export * from './rules';

/** The import machine over the real API; `imported` runs once the import has committed (the listing reloads). */
export function createLiveImportMachine({ imported }: { imported: () => void }) {
  return importMachine.provide({ actors: importActors, actions: { imported } });
}
