// One action file (`_lakefs_actions/*.yaml`), read as lakeFS reads it: `name`, `on: {<event>: {branches: [glob]}}`
// and `hooks: [{id, type, description, properties}]`. A file that does not hold a valid action yields one problem,
// worded for the person who wrote it; it never throws.
import { parse } from 'yaml';
import { eventTypes, isEventType, type EventType } from './events';
import { parseGoDuration } from './go-duration';
import { redactUrl } from './redact';

/** lakeFS's default hook timeout. */
export const defaultTimeoutMillis = 60_000;

export interface WebhookHook {
  type: 'webhook';
  id: string;
  description?: string;
  url: string;
  timeoutMillis: number;
  /** In file order; a name given a list appears once per value. */
  queryParams: Array<[string, string]>;
}

/** A hook type lakeFS knows and Tarn does not run: the hook fails when its turn comes. */
export interface UnsupportedHook {
  type: 'airflow' | 'lua';
  id: string;
  description?: string;
}

export type Hook = WebhookHook | UnsupportedHook;

export interface Action {
  name: string;
  /** The file it came from. */
  path: string;
  /** Each event it reacts to, with its branch patterns (undefined: every branch). */
  on: Map<EventType, string[] | undefined>;
  hooks: Hook[];
}

export type ParsedActionFile = { action: Action } | { problem: string };

/** lakeFS's rules for names and hook ids. */
const validName = /^\w[\w\-. ]+$/;
const validHookId = /^[_a-zA-Z][-_a-zA-Z0-9]{1,255}$/;

class Invalid extends Error {}

type Mapping = Record<string, unknown>;

const isMapping = (value: unknown): value is Mapping => typeof value === 'object' && value !== null && !Array.isArray(value);

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function parseActionFile(path: string, text: string): ParsedActionFile {
  let document: unknown;
  try {
    document = parse(text);
  } catch (err) {
    return { problem: `invalid YAML: ${(err as Error).message}` };
  }
  try {
    return { action: readAction(path, document) };
  } catch (err) {
    if (err instanceof Invalid) return { problem: err.message };
    throw err;
  }
}

function readAction(path: string, document: unknown): Action {
  if (!isMapping(document)) throw new Invalid("must be a mapping with 'name', 'on' and 'hooks'");
  const name = document.name;
  if (typeof name !== 'string' || name === '') throw new Invalid("'name' is required");
  if (!validName.test(name)) {
    throw new Invalid(`'name' '${name}' must be 2 or more letters, digits, '_', '-', '.' or spaces, starting with a letter, digit or '_'`);
  }
  const hooks = readHooks(document.hooks);
  return { name, path, on: readOn(document.on), hooks };
}

function readOn(on: unknown): Map<EventType, string[] | undefined> {
  if (!isMapping(on) || Object.keys(on).length === 0) throw new Invalid(`'on' must name at least one event (${eventTypes.join(', ')})`);
  const events = new Map<EventType, string[] | undefined>();
  for (const [event, spec] of Object.entries(on)) {
    if (!isEventType(event)) throw new Invalid(`unknown event '${event}' in 'on' (known: ${eventTypes.join(', ')})`);
    events.set(event, readBranches(event, spec));
  }
  return events;
}

function readBranches(event: string, spec: unknown): string[] | undefined {
  if (spec === null || spec === undefined) return undefined;
  if (!isMapping(spec)) throw new Invalid(`'on.${event}' must be empty or hold 'branches'`);
  const branches = spec.branches;
  if (branches === null || branches === undefined) return undefined;
  if (!Array.isArray(branches) || !branches.every((b) => typeof b === 'string')) {
    throw new Invalid(`'on.${event}.branches' must be a list of branch patterns`);
  }
  return branches;
}

function readHooks(hooks: unknown): Hook[] {
  if (hooks === null || hooks === undefined) return [];
  if (!Array.isArray(hooks)) throw new Invalid("'hooks' must be a list");
  const seen = new Set<string>();
  return hooks.map((hook, index) => {
    const where = `hooks[${index}]`;
    if (!isMapping(hook)) throw new Invalid(`${where} must be a mapping with 'id', 'type' and 'properties'`);
    const id = hook.id;
    if (typeof id !== 'string' || id === '') throw new Invalid(`${where}: 'id' is required`);
    if (!validHookId.test(id)) throw new Invalid(`${where}: id '${id}' must be 2 to 256 letters, digits, '-' or '_', starting with a letter or '_'`);
    if (seen.has(id)) throw new Invalid(`${where}: id '${id}' is used twice`);
    seen.add(id);
    return readHook(`${where} ('${id}')`, id, hook);
  });
}

function readHook(where: string, id: string, hook: Mapping): Hook {
  const description = typeof hook.description === 'string' ? { description: hook.description } : {};
  const type = hook.type;
  if (type === 'airflow' || type === 'lua') return { type, id, ...description };
  if (type !== 'webhook') {
    if (type === undefined || type === null) throw new Invalid(`${where}: 'type' is required`);
    throw new Invalid(`${where}: unknown type '${String(type)}' (webhook, airflow or lua)`);
  }
  const properties = hook.properties;
  if (!isMapping(properties)) throw new Invalid(`${where}: 'properties' with a 'url' is required`);
  return {
    type,
    id,
    ...description,
    url: readUrl(where, properties.url),
    timeoutMillis: readTimeout(where, properties.timeout),
    queryParams: readQueryParams(where, properties.query_params),
  };
}

function readUrl(where: string, url: unknown): string {
  if (typeof url !== 'string' || url === '') throw new Invalid(`${where}: 'properties.url' is required`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Invalid(`${where}: 'properties.url' is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Invalid(`${where}: 'properties.url' must be an http or https URL, not ${redactUrl(url)}`);
  }
  return url;
}

function readTimeout(where: string, timeout: unknown): number {
  if (timeout === undefined || timeout === null) return defaultTimeoutMillis;
  const millis = typeof timeout === 'string' ? parseGoDuration(timeout) : undefined;
  if (millis === undefined || millis <= 0) {
    throw new Invalid(`${where}: 'properties.timeout' must be a duration such as 30s or 1m, not '${String(timeout)}'`);
  }
  return millis;
}

function readQueryParams(where: string, params: unknown): Array<[string, string]> {
  if (params === undefined || params === null) return [];
  const problem = new Invalid(`${where}: 'properties.query_params' must map names to a value or a list of values`);
  if (!isMapping(params)) throw problem;
  return Object.entries(params).flatMap(([name, value]) => {
    const values = Array.isArray(value) ? value : [value];
    return values.map((v): [string, string] => {
      const text = scalarText(v);
      if (text === undefined) throw problem;
      return [name, text];
    });
  });
}
