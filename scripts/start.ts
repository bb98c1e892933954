// `npm start`: build the console when its sources are newer than the last build, then run the server.
import { buildConsoleIfStale } from './console-build';

if (!buildConsoleIfStale('first start or sources changed')) {
  console.error('The console build failed; see the errors above. The server was not started.');
  process.exit(1);
}

const { runFromCommandLine } = await import('../server/main');
await runFromCommandLine(process.argv.slice(2), process.env);
