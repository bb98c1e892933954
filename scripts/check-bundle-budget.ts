// Part of `npm test`: every route must stay within its initial-JavaScript budget, and no dev-only code is in the
// build.
import { BUDGET_BYTES, consoleDist, overBudget, routeSizes } from './bundle-report';
import { devOnlyLeaks } from './dev-only-leaks';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sizes = routeSizes();
let failed = false;
if (sizes.length === 0) {
  console.error('bundle budget: no route was found in the build manifest');
  failed = true;
}
const over = overBudget(sizes);
for (const { route, gzipBytes } of over) {
  console.error(`bundle budget: ${route} loads ${kb(gzipBytes)} of initial JavaScript, over the ${kb(BUDGET_BYTES)} budget`);
  failed = true;
}
if (sizes.length > 0 && over.length === 0) {
  const largest = sizes.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  console.log(`bundle budget: ${sizes.length} routes within ${kb(BUDGET_BYTES)} (largest ${largest.route}, ${kb(largest.gzipBytes)})`);
}
for (const { file, marker } of devOnlyLeaks(consoleDist)) {
  console.error(`bundle check: dev-only code ('${marker}') is in the production build: ${file}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
