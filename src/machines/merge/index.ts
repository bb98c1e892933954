export * from './machine';
export { liveMergeMachine } from './actors';
