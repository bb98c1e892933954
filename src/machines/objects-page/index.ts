export * from './machine';
export { createLiveObjectsPageMachine, listObjectsPage, objectsListMachine, type ObjectsPageWiring } from './actors';
