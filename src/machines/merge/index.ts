export * from './machine';
export { liveMergeActors } from './actors';
