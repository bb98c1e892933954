export * from './machine';
export { liveBulkDownloadMachine } from './actors';
