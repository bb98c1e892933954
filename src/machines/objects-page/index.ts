export * from './machine';
export { liveObjectsPageMachine, objectsListMachine } from './actors';
