import { logoutActors } from './actors';
import { logoutMachine } from './machine';

export * from './machine';
export const liveLogoutMachine = logoutMachine.provide({ actors: logoutActors });
