export * from './machine';
export { countChangesUnder } from './actors';
export { type ChangeCounts } from './count';
