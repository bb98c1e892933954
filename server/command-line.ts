// What the operator's commands (`npm run gc`, `npm run superuser`) share: how a wrong option, --help and a refusal
// reach the terminal, and their exit codes (2 for a wrong invocation, 1 for a refusal, 0 otherwise).

/** A wrong option or a missing one: printed with the command's usage. */
export class UsageError extends Error {}

export interface OperatorCommand<C> {
  /** The name failures are printed under (`gc: ...`). */
  name: string;
  usage: string;
  /** Reads the arguments; throws UsageError when they are wrong. */
  parse(): C | 'help';
  run(command: C): Promise<void>;
  /** Whether an error is a refusal to print as a line (an expected failure), not a fault with its stack. */
  refused(err: unknown): boolean;
}

export async function runOperatorCommand<C>(command: OperatorCommand<C>): Promise<void> {
  let parsed: C | 'help';
  try {
    parsed = command.parse();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${command.usage}`);
    process.exitCode = 2;
    return;
  }
  if (parsed === 'help') {
    console.log(command.usage);
    return;
  }
  try {
    await command.run(parsed);
  } catch (err) {
    if (!command.refused(err)) throw err;
    console.error(`${command.name}: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}
