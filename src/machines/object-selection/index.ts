export * from './machine';
export { liveObjectSelectionMachine } from './actors';
