// The import machine's actors over the real API; each read is stamped with the browser's clock for the rate.
import { fromPromise } from 'xstate';
import { cancelImport, getImportStatus, startImport } from '../../api/import';
import type { ImportStarted, ImportStatusRead, ImportStatusRequest, StartImportRequest } from './machine';

export const importActors = {
  startImport: fromPromise<ImportStarted, StartImportRequest>(async ({ input }) => {
    const { id } = await startImport(input.repoId, input.branch, input.creation);
    return { id, at: Date.now() };
  }),
  readStatus: fromPromise<ImportStatusRead, ImportStatusRequest>(async ({ input, signal }) => {
    const status = await getImportStatus(input.repoId, input.branch, input.id, signal);
    return { status, at: Date.now() };
  }),
  cancelImport: fromPromise<void, ImportStatusRequest>(({ input }) => cancelImport(input.repoId, input.branch, input.id)),
};
