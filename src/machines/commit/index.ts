export * from './machine';
export * from './metadata';
export { commitActors } from './actors';
