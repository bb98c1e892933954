// Garbage collection of object data by a repository's GC rules (the `npm run gc` command runs it).
export { collectGarbage, GcRefusedError, type CollectOptions, type CollectReport, type RemovedObject } from './collector';
