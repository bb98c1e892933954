// The server's options, each written once: its flag, environment variable, config-file key and schema, how its value
// is read, its default and its help. The flags config.ts accepts, the config file's schema, `--help` and the README's
// configuration table (`npm run config-docs`) are all made from this table.
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { defaultLoginSettings, rbacModes, type RbacMode } from './auth';
import { parseDurationSeconds } from './duration';
import { isLogLevel, logLevels, type LogLevel } from './logging';

export class ConfigError extends Error {}

export interface ConfigOption<V, F = never> {
  flag?: `--${string}`;
  /** What the flag's value is called in the help (`N`, `DIR`); a flag without one is a switch. */
  value?: string;
  env?: `TARN_${string}`;
  /** The config file's schema for the value, under the option's name; without one the file cannot set it. */
  file?: z.ZodType<F>;
  /**
   * Reads a value given as text (a flag, a variable, the default) or in the file; `source` names where it came from
   * for a refusal. A method, so that the table holds options of different types.
   */
  read(raw: string | F, source: string, cores: number): V;
  /** The value when none is given, as it would be written on the command line. */
  default?: string;
  /** The default as the help says it, when it is not the default value itself (or there is none to give). */
  shownDefault?: string;
  /** What the option does, in Markdown (the help shows it without the backquotes). */
  help: string;
}

/** An option as written: its default's presence stays in its type, so the settings know which are always set. */
const option = <V, F = never, D extends string | undefined = undefined>(spec: ConfigOption<V, F> & { default?: D }) => spec as ConfigOption<V, F> & { default: D };

const projectRoot = resolve(import.meta.dirname, '..');

/** Browsers cap a cookie's Max-Age at 400 days, and the session cookie lives as long as the session. */
const maxSessionTtlSeconds = 400 * 24 * 3600;

const portSchema = z.coerce.number().int().min(0).max(65535);

function parsePort(raw: string | number, source: string): number {
  const parsed = portSchema.safeParse(typeof raw === 'string' && raw.trim() === '' ? Number.NaN : raw);
  if (!parsed.success) throw new ConfigError(`${source}: port must be an integer from 0 to 65535, got "${raw}"`);
  return parsed.data;
}

function parseSessionTtl(raw: string | number, source: string): number {
  const seconds = typeof raw === 'number' ? raw : parseDurationSeconds(raw);
  if (seconds === undefined || !Number.isInteger(seconds) || seconds < 1 || seconds > maxSessionTtlSeconds) {
    throw new ConfigError(`${source}: session lifetime must be seconds or a duration such as 12h or 7d, from 1s to 400d, got "${raw}"`);
  }
  return seconds;
}

/** The audit log keeps at least a day and at most ten years. */
function parseAuditRetention(raw: string | number, source: string): number {
  const seconds = typeof raw === 'number' ? raw : parseDurationSeconds(raw);
  if (seconds === undefined || !Number.isInteger(seconds) || seconds < 86_400 || seconds > 3650 * 86_400) {
    throw new ConfigError(`${source}: audit retention must be seconds or a duration such as 30d or 2160h, from 1d to 3650d, got "${raw}"`);
  }
  return seconds;
}

/** A count of workers, or `auto`: one per CPU core. More workers than cores only add switching. */
function parseWorkers(raw: string | number, source: string, cores: number): number {
  if (raw === 'auto') return cores;
  const count = typeof raw === 'number' ? raw : /^\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(count) || count < 1 || count > 1024) {
    throw new ConfigError(`${source}: workers must be a whole number from 1 to 1024, or auto, got "${raw}"`);
  }
  return count;
}

/** The address is not echoed: it may hold a password. */
export function parseDatabaseUrl(raw: string, source: string): string {
  let scheme: string;
  try {
    scheme = new URL(raw).protocol;
  } catch {
    throw new ConfigError(`${source}: not a valid address; expected postgres://user:password@host:port/database`);
  }
  if (scheme !== 'postgres:' && scheme !== 'postgresql:') {
    throw new ConfigError(`${source}: only PostgreSQL is supported; expected postgres://user:password@host:port/database`);
  }
  return raw;
}

function parseBoolean(raw: string, source: string): boolean {
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(`${source}: expected true or false, got "${raw}"`);
}

function parseLogLevel(raw: string, source: string): LogLevel {
  if (!isLogLevel(raw)) throw new ConfigError(`${source}: log level must be one of ${logLevels.join(', ')}, got "${raw}"`);
  return raw;
}

function parseRbac(raw: string, source: string): RbacMode {
  const mode = rbacModes.find((m) => m === raw);
  if (!mode) throw new ConfigError(`${source}: RBAC mode must be ${rbacModes.join(' or ')}, got "${raw}"`);
  return mode;
}

function parseUrl(raw: string, source: string, schemes: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${source}: not a URL: "${raw}"`);
  }
  if (!schemes.includes(url.protocol)) throw new ConfigError(`${source}: must start with ${schemes.map((s) => `${s}//`).join(' or ')}`);
  return raw;
}

const text = (raw: string) => raw;
const nonEmpty = z.string().min(1);

/** Every option, in the order the help and the README list them. */
export const options = {
  port: option({
    flag: '--port',
    value: 'N',
    env: 'TARN_PORT',
    file: portSchema,
    read: parsePort,
    default: '8000',
    help: 'listening port (`0` picks a free one)',
  }),
  host: option({ flag: '--host', value: 'H', env: 'TARN_HOST', file: nonEmpty, read: text, default: '127.0.0.1', help: 'listening address' }),
  dataDir: option({
    flag: '--data-dir',
    value: 'DIR',
    env: 'TARN_DATA_DIR',
    file: nonEmpty,
    read: text,
    default: './data',
    help: '`metadata.db` (SQLite, unless `--database-url`), `blocks/` (object data), `installation.key`',
  }),
  databaseUrl: option({
    flag: '--database-url',
    value: 'U',
    env: 'TARN_DATABASE_URL',
    file: nonEmpty,
    read: parseDatabaseUrl,
    help: 'keep the metadata in PostgreSQL (`postgres://user:password@host:port/database`) instead of `metadata.db`; several servers given the same address share it (see Scale-out)',
  }),
  consoleDir: option({
    flag: '--console-dir',
    value: 'DIR',
    file: nonEmpty,
    read: text,
    default: join(projectRoot, 'dist', 'console'),
    shownDefault: '`dist/console`',
    help: 'the built console to serve',
  }),
  workers: option({
    flag: '--workers',
    value: 'N',
    env: 'TARN_WORKERS',
    file: z.union([z.number(), z.string()]),
    read: parseWorkers,
    default: '1',
    help: 'server processes (node:cluster workers) on the one port, sharing `metadata.db` or the PostgreSQL database; `auto` starts one per CPU core; `1` runs the server in this process (see Scale-out)',
  }),
  sessionTtl: option({
    flag: '--session-ttl',
    value: 'T',
    env: 'TARN_SESSION_TTL',
    file: z.union([z.number(), z.string()]),
    read: parseSessionTtl,
    default: '7d',
    help: 'how long a login lasts: seconds (`3600`) or a duration (`90m`, `12h`, `7d`, up to `400d`); logging out ends the session at once',
  }),
  auditRetention: option({
    flag: '--audit-retention',
    value: 'T',
    env: 'TARN_AUDIT_RETENTION',
    file: z.union([z.number(), z.string()]),
    read: parseAuditRetention,
    default: '90d',
    help: 'how long the audit log keeps its records: seconds or a duration (`30d`, `2160h`, from `1d` to `3650d`); older records are removed hourly (see Audit)',
  }),
  rbac: option({
    flag: '--rbac',
    value: 'MODE',
    env: 'TARN_RBAC',
    file: z.enum(rbacModes),
    read: parseRbac,
    default: defaultLoginSettings.rbac,
    help: 'access control: `internal` (policies attached to users and groups) or `simplified` (each group carries one ACL: Read, Write, Super or Admin)',
  }),
  smtpUrl: option({
    flag: '--smtp-url',
    value: 'URL',
    env: 'TARN_SMTP_URL',
    file: nonEmpty,
    read: (raw) => parseUrl(raw, 'SMTP URL', ['smtp:', 'smtps:']),
    help: '`smtp://[user:password@]host[:port][?from=address]` (or `smtps://`, TLS from the start) that mails invitations; without it the admin is shown the activation link to pass on',
  }),
  publicUrl: option({
    flag: '--public-url',
    value: 'URL',
    env: 'TARN_PUBLIC_URL',
    file: nonEmpty,
    read: (raw) => new URL(parseUrl(raw, 'public URL', ['http:', 'https:'])).origin,
    shownDefault: 'the address the admin called',
    help: "the console's public address, used in activation links",
  }),
  quiet: option({
    flag: '--quiet',
    read: () => true,
    help: 'log only the listening line and server faults: the request lines and client errors go to `debug` (see Operating)',
  }),
  blockstore: option({
    flag: '--blockstore',
    value: 'T',
    env: 'TARN_BLOCKSTORE',
    read: (raw): 'local' | 's3' => {
      if (raw !== 'local' && raw !== 's3') throw new ConfigError(`block store must be local or s3, got "${raw}"`);
      return raw;
    },
    shownDefault: '`local`, or `s3` when any S3 setting below is given',
    help: 'where new repositories keep their data (see "Object data in S3")',
  }),
  s3Endpoint: option({
    flag: '--s3-endpoint',
    value: 'URL',
    env: 'TARN_S3_ENDPOINT',
    read: (raw) => {
      if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) throw new ConfigError(`S3 endpoint must be an http or https address, got "${raw}"`);
      return raw;
    },
    shownDefault: 'AWS (or `AWS_ENDPOINT_URL_S3`)',
    help: 'an S3-compatible endpoint, e.g. `http://127.0.0.1:9000`',
  }),
  s3Region: option({ flag: '--s3-region', value: 'R', env: 'TARN_S3_REGION', read: text, shownDefault: '`AWS_REGION`, else `us-east-1`', help: "the buckets' region" }),
  s3AccessKeyId: option({
    flag: '--s3-access-key-id',
    value: 'ID',
    env: 'TARN_S3_ACCESS_KEY_ID',
    read: text,
    shownDefault: 'the AWS chain',
    help: 'with the secret below; without both, `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, `AWS_PROFILE` or an instance role',
  }),
  s3SecretAccessKey: option({
    flag: '--s3-secret-access-key',
    value: 'S',
    env: 'TARN_S3_SECRET_ACCESS_KEY',
    read: text,
    help: 'never logged; prefer the environment, as flags show in `ps`',
  }),
  s3ForcePathStyle: option({
    flag: '--s3-force-path-style',
    env: 'TARN_S3_FORCE_PATH_STYLE',
    read: parseBoolean,
    shownDefault: 'off',
    help: 'address buckets as `endpoint/bucket` (most S3-compatible servers); the variable takes `true` or `false`',
  }),
  importRoot: option({
    flag: '--import-root',
    value: 'DIR',
    env: 'TARN_IMPORT_ROOT',
    file: nonEmpty,
    read: (raw) => resolve(raw),
    shownDefault: 'none',
    help: 'a folder of this machine whose files repositories may import without copying them, as `local://<absolute path inside it>` (see "Import"); without it only S3 locations can be imported, and only on an S3 block store',
  }),
  logLevel: option({
    flag: '--log-level',
    value: 'LEVEL',
    env: 'TARN_LOG_LEVEL',
    file: z.enum(logLevels),
    read: parseLogLevel,
    default: 'info',
    help: `the least severe log lines written: ${logLevels.map((l) => `\`${l}\``).join(', ')}; JSON lines, readable ones on a terminal; above \`info\` the listening line is hidden too`,
  }),
  metricsToken: option({
    flag: '--metrics-token',
    value: 'TOKEN',
    env: 'TARN_METRICS_TOKEN',
    file: nonEmpty,
    // Never echoed in a refusal: it is a credential.
    read: text,
    shownDefault: 'none: loopback only',
    help: 'the bearer token that opens `GET /metrics` to other machines (`Authorization: Bearer <token>`); connections from this machine need none',
  }),
  configFile: option({ flag: '--config', value: 'FILE', read: text, help: 'a JSON object of settings, each under its config-file name (`{"port": 9000, "loginCookieNames": ["sso"]}`)' }),
  help: option({ flag: '--help', read: () => true, help: 'show this text' }),
  // The login settings, for an installation behind a single-sign-on proxy: the file and the environment only.
  loginUrl: option({
    env: 'TARN_LOGIN_URL',
    file: nonEmpty,
    read: text,
    default: defaultLoginSettings.loginUrl,
    help: 'where a logged-out browser is sent (and where `/logout` ends)',
  }),
  loginFailedMessage: option({
    env: 'TARN_LOGIN_FAILED_MESSAGE',
    file: z.string(),
    read: text,
    default: defaultLoginSettings.loginFailedMessage,
    help: 'shown (as markup) when a login fails',
  }),
  fallbackLoginUrl: option({ env: 'TARN_FALLBACK_LOGIN_URL', file: z.string(), read: text, help: "the other way to log in ('Try another way to login')" }),
  fallbackLoginLabel: option({ env: 'TARN_FALLBACK_LOGIN_LABEL', file: z.string(), read: text, help: "that link's label" }),
  loginCookieNames: option({
    env: 'TARN_LOGIN_COOKIE_NAMES',
    file: z.array(nonEmpty),
    read: (raw) => (typeof raw === 'string' ? raw.split(',').map((n) => n.trim()).filter(Boolean) : raw),
    default: defaultLoginSettings.loginCookieNames.join(','),
    help: 'cookies the other way to log in clears first (the variable: comma-separated; the file: a list)',
  }),
  logoutUrl: option({ env: 'TARN_LOGOUT_URL', file: nonEmpty, read: text, default: defaultLoginSettings.logoutUrl, help: 'where logging out goes' }),
};

export type OptionName = keyof typeof options;

type ValueOf<O> = O extends ConfigOption<infer V, infer _F> ? V : never;

/** The options' values: those with a default always have one. */
export type Settings = { [K in OptionName]: (typeof options)[K]['default'] extends string ? ValueOf<(typeof options)[K]> : ValueOf<(typeof options)[K]> | undefined };

/** Every option as one type, for what walks the table. */
const allOptions = Object.entries(options) as [OptionName, ConfigOption<unknown, unknown>][];

/** The config file's schema: each option the file may set, under its name, and nothing else. */
export const fileSchema = z
  .object(Object.fromEntries(allOptions.flatMap(([name, spec]) => (spec.file ? [[name, spec.file.optional()]] : []))))
  .strict();

/** What was given: flags by name (a switch as `true`), the environment, and the config file's settings. */
export interface GivenSettings {
  flags: ReadonlyMap<string, string>;
  env: NodeJS.ProcessEnv;
  file?: { path: string; settings: Record<string, unknown> };
  cores: number;
}

/**
 * The value of each named option: its flag's, else its variable's, else the file's, else its default. Every value
 * given is read, so a wrong one is refused even where another overrides it. An empty variable or file text counts as
 * not given.
 */
export function readSettings<N extends OptionName>(names: readonly N[], given: GivenSettings): Pick<Settings, N> {
  const values: Partial<Record<OptionName, unknown>> = {};
  for (const name of names) {
    const spec: ConfigOption<unknown, unknown> = options[name];
    const fromFile = spec.file ? given.file?.settings[name] : undefined;
    const variable = spec.env && given.env[spec.env];
    const flag = spec.flag && given.flags.get(spec.flag);
    const read = [
      fromFile !== undefined && fromFile !== '' ? [spec.read(fromFile, `config file ${given.file?.path}: ${name}`, given.cores)] : [],
      variable && spec.env ? [spec.read(variable, spec.env, given.cores)] : [],
      flag !== undefined && spec.flag ? [spec.read(flag, spec.flag, given.cores)] : [],
    ].flat();
    if (read.length > 0) values[name] = read.at(-1);
    else if (spec.default !== undefined) values[name] = spec.read(spec.default, 'default', given.cores);
  }
  // Each value was read by its own option's reader, which the Settings type names.
  return values as Pick<Settings, N>;
}

const plain = (markdown: string) => markdown.replaceAll('`', '');

function wrap(words: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : indent + l));
}

const shownDefault = (spec: ConfigOption<unknown, unknown>) => spec.shownDefault ?? (spec.default !== undefined ? `\`${spec.default}\`` : undefined);

/** `--help`: every flag, then what only the file and the environment set. */
export function usageText(): string {
  const column = 24;
  const line = (head: string, name: string, spec: ConfigOption<unknown, unknown>) => {
    const notes = [shownDefault(spec) && `default ${shownDefault(spec)}`, spec.env && `env ${spec.env}`, spec.file && spec.flag && `config file ${name}`]
      .filter(Boolean)
      .join('; ');
    const body = plain(`${spec.help}${notes ? ` (${notes})` : ''}`);
    const first = head.length < column - 3 ? `  ${head.padEnd(column - 2)}` : `  ${head}\n${' '.repeat(column)}`;
    return first + wrap(body, 118 - column, ' '.repeat(column)).join('\n');
  };
  const flagged = allOptions.filter(([, spec]) => spec.flag).map(([name, spec]) => line(`${spec.flag}${spec.value ? ` ${spec.value}` : ''}`, name, spec));
  const unflagged = allOptions.filter(([, spec]) => !spec.flag).map(([name, spec]) => line(name, name, spec));
  return `Usage: tsx server/main.ts [options]

Flags win over the environment, which wins over the config file.

Options:
${flagged.join('\n')}

Set in the config file (under these names) or the environment only:
${unflagged.join('\n')}`;
}

/** The README's configuration table. */
export function readmeTable(): string {
  const code = (s: string | undefined) => (s ? `\`${s}\`` : '');
  const rows = allOptions
    .filter(([name]) => name !== 'help')
    .map(([name, spec]) =>
      [spec.flag ? code(`${spec.flag}${spec.value ? ` ${spec.value}` : ''}`) : '', code(spec.env), spec.file ? code(name) : '', shownDefault(spec) ?? '', spec.help],
    );
  const row = (cells: string[]) => `|${cells.map((cell) => (cell ? ` ${cell} ` : ' ')).join('|')}|`;
  return [row(['flag', 'environment', 'config file', 'default', 'meaning']), '|---|---|---|---|---|', ...rows.map(row)].join('\n');
}
