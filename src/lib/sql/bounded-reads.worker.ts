// The DuckDB worker, with every range request it makes bounded (see bounded-range.ts). DuckDB's own worker script is
// loaded into this classic worker by `importScripts`; its address comes in the `duckdb` query parameter.
import { boundedRange } from './bounded-range';

// The console's TypeScript library is the DOM's, which lacks the worker global; this file only ever runs in a worker.
declare function importScripts(...urls: string[]): void;

const setHeader = XMLHttpRequest.prototype.setRequestHeader;
XMLHttpRequest.prototype.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
  setHeader.call(this, name, name.toLowerCase() === 'range' ? boundedRange(value) : value);
};

const duckdbWorker = new URL(self.location.href).searchParams.get('duckdb');
if (!duckdbWorker) throw new Error('the DuckDB worker script was not named');
importScripts(duckdbWorker);
