export * from './machine';
export { revertActors } from './actors';
