// The DuckDB worker, with every range request it makes bounded (see bounded-range.ts), and DuckDB's WebAssembly module
// compiled as soon as the worker starts. DuckDB's own worker script is loaded into this classic worker by
// `importScripts`; its address comes in the `duckdb` query parameter, its module's in `wasm`.
import { boundedRange } from './bounded-range';
import { compileEarly } from './early-wasm';

// The console's TypeScript library is the DOM's, which lacks the worker global; this file only ever runs in a worker.
declare function importScripts(...urls: string[]): void;

const setHeader = XMLHttpRequest.prototype.setRequestHeader;
XMLHttpRequest.prototype.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
  setHeader.call(this, name, name.toLowerCase() === 'range' ? boundedRange(value) : value);
};

const params = new URL(self.location.href).searchParams;
const wasm = params.get('wasm');
// Compiling the module takes longer than loading DuckDB's script: it starts first, and the two overlap.
if (wasm) compileEarly(self, WebAssembly, wasm);
const duckdbWorker = params.get('duckdb');
if (!duckdbWorker) throw new Error('the DuckDB worker script was not named');
importScripts(duckdbWorker);
