export * from './machine';
export { livePullRequestMachine } from './actors';
