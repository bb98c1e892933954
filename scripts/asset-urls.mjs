// Node's loader for `npm run statecharts`: Vite's `?url` imports (DuckDB's WebAssembly module and worker scripts,
// which the SQL engine's modules name) load as their addresses, as Vite would make them, so that the machines'
// modules can be imported in Node to be drawn. Nothing is fetched or run.
export async function load(url, context, nextLoad) {
  const { searchParams, pathname } = new URL(url);
  if (searchParams.has('url') || pathname.endsWith('.wasm')) {
    return { format: 'module', source: `export default ${JSON.stringify(pathname)};`, shortCircuit: true };
  }
  return nextLoad(url, context);
}
