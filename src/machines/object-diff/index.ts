export * from './machine';
export { objectDiffLoader } from './actors';
