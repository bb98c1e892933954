export * from './machine';
export { conflictContentMachine, liveMergeMachine } from './actors';
