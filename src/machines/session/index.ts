import { liveLogoutMachine } from '../logout';
import { sessionActors } from './actors';
import { sessionMachine } from './machine';

export * from './machine';
export const liveSessionMachine = sessionMachine.provide({ actors: { ...sessionActors, logout: liveLogoutMachine } });
export * from './guard';
