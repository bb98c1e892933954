import { loginActors } from './actors';
import { loginMachine } from './machine';

export * from './machine';
export const liveLoginMachine = loginMachine.provide({ actors: loginActors });
