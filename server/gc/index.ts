// Garbage collection of object data by a repository's GC rules (the `npm run gc` command runs it), and lakeFS's
// calls that prepare its own GC job's input by the same rules.
export { collectGarbage, type CollectOptions, type CollectReport, type RemovedObject } from './collector';
export {
  prepareGcCommits,
  prepareGcUncommitted,
  type CommitsPrepared,
  type PrepareUncommittedOptions,
  type UncommittedPrepared,
} from './prepare';
export { GcRefusedError } from './retention';
