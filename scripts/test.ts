// `npm test`: the checks, then every vitest project. The type-check and lint each keep a core busy, lint for about
// 40 s and the type-check for 30, so the console build and its budget follow the type-check on its lane. Vitest comes
// after both lanes, as it takes both cores (a second vitest run beside the first, tried for its e2e files' idle time,
// overloaded the machine until server tests timed out).
//
// A check's output is printed whole when it ends, so the two lanes do not interleave their lines; vitest prints as it
// goes. The first failure stops everything still running.
import { spawn, type ChildProcess } from 'node:child_process';

const lanes: string[][] = [['npm run typecheck', 'npm run build', 'tsx scripts/check-bundle-budget.ts'], ['npm run lint']];

const running = new Set<ChildProcess>();
let failed = false;
const started = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function run(command: string): Promise<{ ok: boolean; output: string; ms: number }> {
  const begun = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so that stopping it stops what npm or vitest started under it too.
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
      resolve({ ok: code === 0, output, ms: Date.now() - begun });
    });
  });
}

function stopEverything(): void {
  for (const child of running) if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
}

async function runLane(commands: string[]): Promise<void> {
  for (const command of commands) {
    if (failed) return;
    console.log(`[${seconds(Date.now() - started)}] started: ${command}`);
    const { ok, output, ms } = await run(command);
    const outcome = ok ? 'passed' : failed ? 'stopped' : 'FAILED';
    process.stdout.write(`\n> ${command}\n${output}\n[${seconds(Date.now() - started)}] ${outcome} in ${seconds(ms)}: ${command}\n`);
    if (!ok && !failed) {
      failed = true;
      stopEverything();
    }
  }
}

process.once('SIGINT', () => {
  failed = true;
  stopEverything();
});

await Promise.all(lanes.map(runLane));
if (!failed) {
  console.log(`[${seconds(Date.now() - started)}] started: vitest run`);
  // In the terminal's process group, so Ctrl-C reaches it as it would a vitest started by hand.
  const vitest = spawn('vitest run', { shell: true, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => vitest.once('close', resolve));
  failed = code !== 0;
}
console.log(`\nnpm test ${failed ? 'FAILED' : 'passed'} in ${seconds(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
