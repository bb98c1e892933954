export * from './machine';
export { liveBulkDeleteMachine } from './actors';
