// Writes src/routeTree.gen.ts from the files in src/routes, the same way the Vite plugin does at build time,
// so that type-checking works before (and without) a build.
import { Generator, getConfig } from '@tanstack/router-generator';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const config = getConfig(
  {
    target: 'react',
    routesDirectory: join(root, 'src/routes'),
    generatedRouteTree: join(root, 'src/routeTree.gen.ts'),
    autoCodeSplitting: true,
  },
  root,
);
await new Generator({ config, root }).run();
