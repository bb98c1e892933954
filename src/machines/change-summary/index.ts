export * from './machine';
export { changeCounter } from './actors';
export { type ChangeCounts } from './count';
