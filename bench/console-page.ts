// What every page of the console benchmark needs before the console's code runs.

/**
 * tsx compiles this benchmark with esbuild's keepNames, which wraps named inner functions in a `__name(fn, "x")`
 * helper; functions handed to the page are serialised without that helper, so the page gets one that does nothing.
 */
export const NAME_SHIM = 'globalThis.__name = (fn) => fn;';
