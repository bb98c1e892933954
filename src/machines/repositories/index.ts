import { liveCreateRepositoryMachine } from '../create-repository';
import { liveSampleRepositoryMachine } from '../sample-repository';
import { repositoriesMachine } from './machine';

export * from './machine';
export { liveRepositoryList } from './actors';
export const liveRepositoriesMachine = repositoriesMachine.provide({
  actors: { sample: liveSampleRepositoryMachine, create: liveCreateRepositoryMachine },
});
