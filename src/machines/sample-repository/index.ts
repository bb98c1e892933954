import { createRepositoryActors } from '../create-repository/actors';
import { sampleRepositoryMachine } from './machine';

export * from './machine';
export const liveSampleRepositoryMachine = sampleRepositoryMachine.provide({ actors: createRepositoryActors });
