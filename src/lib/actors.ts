// Placeholders for a machine's injected actors: the types flow, and a forgotten `.provide()` fails loudly.
import { fromCallback, fromPromise, type EventObject, type NonReducibleUnknown } from 'xstate';

export function promisePlaceholder<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`actor ${name} was not provided`)));
}

export function callbackPlaceholder<TEvent extends EventObject, TInput>(name: string) {
  return fromCallback<TEvent, TInput>(() => {
    throw new Error(`actor ${name} was not provided`);
  });
}
