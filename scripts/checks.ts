// The checks `npm test` runs before vitest, two at a time: the type-check uses one core for over a minute while
// lint, the build and its budget fit beside it on the other. Each chain's output is printed whole when it ends, so
// the two do not interleave; the first failure stops the other chain.
import { spawn, type ChildProcess } from 'node:child_process';

const chains: string[][] = [
  ['npm run typecheck'],
  ['npm run lint', 'npm run build', 'tsx scripts/check-bundle-budget.ts'],
];

const running = new Set<ChildProcess>();

function run(command: string): Promise<{ ok: boolean; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so that stopping it stops what npm started under it too.
    const child = spawn(command, {
      shell: true,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    running.add(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code) => {
      running.delete(child);
      resolve({ ok: code === 0, output, ms: Date.now() - started });
    });
  });
}

let failed = false;

async function runChain(commands: string[]): Promise<void> {
  for (const command of commands) {
    if (failed) return;
    const { ok, output, ms } = await run(command);
    const outcome = ok ? '' : failed ? ', stopped' : ', failed';
    process.stdout.write(`\n> ${command} (${(ms / 1000).toFixed(1)} s${outcome})\n${output}`);
    if (!ok && !failed) {
      failed = true;
      for (const child of running) if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    }
  }
}

await Promise.all(chains.map(runChain));
process.exit(failed ? 1 : 0);
