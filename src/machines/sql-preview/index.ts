import { sqlPreviewActors } from './actors';
import { sqlPreviewMachine } from './machine';

export * from './machine';
export const liveSqlPreviewMachine = sqlPreviewMachine.provide({ actors: sqlPreviewActors });
