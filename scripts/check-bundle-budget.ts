// Part of `npm test`: the login and repositories routes must stay within their initial-JavaScript budget.
import { routeSizes } from './bundle-report';

const BUDGET_BYTES = 250 * 1024;
const budgeted = ['/auth/login', '/repositories'];

const sizes = routeSizes();
let failed = false;
for (const route of budgeted) {
  const size = sizes.find((s) => s.route === route);
  if (!size) {
    console.error(`bundle budget: route ${route} was not found in the build manifest`);
    failed = true;
    continue;
  }
  const within = size.gzipBytes <= BUDGET_BYTES;
  console.log(`bundle budget: ${route} ${(size.gzipBytes / 1024).toFixed(1)} KB of ${BUDGET_BYTES / 1024} KB ${within ? 'ok' : 'OVER'}`);
  if (!within) failed = true;
}
process.exit(failed ? 1 : 0);
