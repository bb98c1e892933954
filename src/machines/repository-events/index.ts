export * from './machine';
export { eventSourceStream, liveRepositoryEventsMachine } from './actors';
