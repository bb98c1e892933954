// Placeholders for what a machine declares and its host provides: its async work (actors) and its effects on the
// world outside it (actions). The types flow, and a forgotten `.provide()` fails loudly.
import { fromCallback, fromPromise, type EventObject, type NonReducibleUnknown } from 'xstate';

export function promisePlaceholder<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`actor ${name} was not provided`)));
}

export function callbackPlaceholder<TEvent extends EventObject, TInput>(name: string) {
  return fromCallback<TEvent, TInput>(() => {
    throw new Error(`actor ${name} was not provided`);
  });
}

/** A named action a machine declares for whoever runs it to provide (`.provide({ actions })`); unprovided, it throws. */
export function actionPlaceholder<TParams = undefined>(name: string) {
  return (_args: unknown, _params: TParams): void => {
    throw new Error(`action ${name} was not provided`);
  };
}
