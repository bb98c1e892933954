export * from './machine';
export { liveCreatePullRequestMachine } from './actors';
