export * from './machine';
export { createLiveObjectsPageMachine, objectsListMachine, type ObjectsPageWiring } from './actors';
export { listObjectsPage } from './reads';
