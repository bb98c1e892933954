// Part of `npm test`: the login and repositories routes must stay within their initial-JavaScript budget, and no
// dev-only code is in the build.
import { consoleDist, routeSizes } from './bundle-report';
import { devOnlyLeaks } from './dev-only-leaks';

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
for (const { file, marker } of devOnlyLeaks(consoleDist)) {
  console.error(`bundle check: dev-only code ('${marker}') is in the production build: ${file}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
