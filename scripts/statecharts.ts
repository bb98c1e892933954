// `npm run statecharts`: draws every machine of src/machines to docs/statecharts (an SVG each and an index).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';

// The SQL engine's modules import assets the Vite way (`?url`): loaded as their addresses, before any machine is.
register('./asset-urls.mjs', import.meta.url);
const { statechartDocs, statechartsDir } = await import('./statechart-docs');

const files = await statechartDocs();
mkdirSync(statechartsDir, { recursive: true });
// A machine that was removed or renamed must not leave its old picture behind.
for (const name of readdirSync(statechartsDir)) if (!files.has(name)) rmSync(join(statechartsDir, name));
for (const [name, content] of files) writeFileSync(join(statechartsDir, name), content);
console.log(`statecharts: wrote ${files.size - 1} pictures and README.md to docs/statecharts`);
