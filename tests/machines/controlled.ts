// A promise actor a test answers by hand: each call waits until the test resolves or rejects it.
import { fromPromise } from 'xstate';

export interface ControlledCall<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

export function controlled<O, I>() {
  const calls: ControlledCall<I, O>[] = [];
  const logic = fromPromise<O, I>(
    ({ input }) => new Promise<O>((resolve, reject) => void calls.push({ input, resolve, reject })),
  );
  /** The latest call, which must exist. */
  const last = (): ControlledCall<I, O> => {
    const call = calls.at(-1);
    if (!call) throw new Error('no call was made');
    return call;
  };
  return { calls, logic, last };
}
