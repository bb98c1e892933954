export * from './machine';
export { liveDiffTreeMachine } from './actors';
