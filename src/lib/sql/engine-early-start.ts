// Run by the page itself, before the console's JavaScript has loaded, on the page of an object whose name says it is
// a data file (vite.config.ts names the pages): the SQL preview the page opens on needs DuckDB's worker, module and
// database, which take longer to start than the page takes to render. The route's loader, and the preview, then find
// the engine started.
import { startSqlEngine } from './engine-loader';

startSqlEngine();
