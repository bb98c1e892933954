// `npm start`: build the console when its sources are newer than the last build, then run the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = join(import.meta.dirname, '..');
const builtIndex = join(root, 'dist', 'console', 'index.html');
const consoleInputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function consoleIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return consoleInputs.some((input) => newestMtime(join(root, input)) > builtAt);
}

if (consoleIsStale()) {
  console.log('Building the console (first start or sources changed)...');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The console build failed; see the errors above. The server was not started.');
    process.exit(build.status ?? 1);
  }
}

const { runFromCommandLine } = await import('../server/main');
await runFromCommandLine(process.argv.slice(2), process.env);
