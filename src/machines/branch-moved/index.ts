export * from './machine';
export { liveBranchMovedMachine } from './actors';
