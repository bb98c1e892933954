// Actions: hooks that run on repository events (lakeFS's `_lakefs_actions`), and the records of their runs.
export { Actions, type ActionsOptions } from './runner';
export { actionsPrefix, type ObjectReader } from './load';
export type { ActionEvent, Operation } from './events';
export type { HookRunRecord, HookStatus, RunListOptions, RunPage, RunRecord, RunStatus } from './run-store';
