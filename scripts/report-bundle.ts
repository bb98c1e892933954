// Printed after `npm run build`: the initial JavaScript, gzipped, that each route needs.
import { entrySize, routeSizes } from './bundle-report';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`\nInitial JavaScript per route (gzip):`);
console.log(`  ${'(entry)'.padEnd(48)} ${kb(entrySize()).padStart(10)}`);
for (const { route, gzipBytes } of routeSizes()) console.log(`  ${route.padEnd(48)} ${kb(gzipBytes).padStart(10)}`);
