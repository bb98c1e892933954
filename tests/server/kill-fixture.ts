// Crash tests: run a fixture script in a child process and kill it with SIGKILL while it is working.
import { spawn } from 'node:child_process';
import { onTestFinished } from 'vitest';

/**
 * Runs `script` (through tsx) with `args`, passes the complete lines of each chunk it prints to `onLines`, and kills
 * it with SIGKILL as soon as `onLines` returns true. Resolves to the signal that ended the child: SIGKILL, unless it
 * died on its own first. Must be called inside a test.
 */
export async function killFixtureWhen(
  script: string,
  args: string[],
  onLines: (lines: string[]) => boolean,
): Promise<NodeJS.Signals | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Never leave the child running, whatever happens to this test.
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let buffered = '';
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve) => {
    // A child that dies on its own ends the wait too, and fails the caller's signal check.
    void exited.then(() => resolve());
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      if (onLines(lines) && !child.killed) {
        child.kill('SIGKILL');
        resolve();
      }
    });
  });
  return exited;
}
