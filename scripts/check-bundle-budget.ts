// Part of `npm test`: every route must stay within its initial-JavaScript budget, and no dev-only code is in the
// build.
import { budgetOf, BUDGET_BYTES, CEILINGS, consoleDist, overBudget, routeSizes } from './bundle-report';
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
  const limit = route in CEILINGS ? `its ceiling of ${kb(budgetOf(route))}` : `the ${kb(BUDGET_BYTES)} budget`;
  console.error(`bundle budget: ${route} loads ${kb(gzipBytes)} of initial JavaScript, over ${limit}`);
  failed = true;
}
if (sizes.length > 0 && over.length === 0) {
  const within = sizes.filter((s) => !(s.route in CEILINGS));
  const largest = within.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  console.log(`bundle budget: ${within.length} routes within ${kb(BUDGET_BYTES)} (largest ${largest.route}, ${kb(largest.gzipBytes)})`);
}
for (const { route, gzipBytes } of sizes.filter((s) => s.route in CEILINGS && s.gzipBytes <= budgetOf(s.route))) {
  console.log(`bundle budget: ${route} ${kb(gzipBytes)}, over the ${kb(BUDGET_BYTES)} budget but within its ceiling of ${kb(budgetOf(route))}`);
}
for (const { file, marker } of devOnlyLeaks(consoleDist)) {
  console.error(`bundle check: dev-only code ('${marker}') is in the production build: ${file}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
