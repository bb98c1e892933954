export * from './machine';
export { rowDiffActors } from './actors';
