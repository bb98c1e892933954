// Server settings from flags, environment (TARN_*) and an optional JSON file, by the table of options
// (config-options.ts); flags win over the environment, which wins over the file. Defaults need none of them.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { S3BlockStoreOptions } from './blockstore';
import { defaultLoginSettings, type LoginSettings } from './auth';
import { ConfigError, fileSchema, options, readSettings, usageText, type OptionName, type Settings } from './config-options';
import type { LogLevel } from './logging';

export { ConfigError, parseDatabaseUrl } from './config-options';

/**
 * Where new repositories' data goes by default. `s3` serves `s3://` namespaces from S3 (and still `local://` ones
 * from the data folder); `local` serves only `local://`.
 */
export interface BlockstoreConfig {
  type: 'local' | 's3';
  s3: S3BlockStoreOptions;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  consoleDir: string;
  quiet: boolean;
  /** How long a login lasts. */
  sessionTtlSeconds: number;
  /** How long the audit log keeps its records. */
  auditRetentionSeconds: number;
  /** PostgreSQL for the metadata, shared by several servers; without it, SQLite in the data folder. */
  databaseUrl?: string;
  blockstore: BlockstoreConfig;
  /** The RBAC mode and the login page's settings (for installations behind a single-sign-on proxy). */
  login: LoginSettings;
  /** `smtp://` or `smtps://` server that mails invitations; without one, the admin passes the link on. */
  smtpUrl?: string;
  /** The console's public address, for the links in invitations. */
  publicUrl?: string;
  /** Server processes (node:cluster workers) sharing the port and the metadata; 1 runs the server in this process. */
  workers: number;
  /** A folder of this machine whose files repositories may import without copying; without it, none. */
  importRoot?: string;
  /** The least severe log lines written. */
  logLevel: LogLevel;
  /** The bearer token that opens GET /metrics to connections from other machines (loopback needs none). */
  metricsToken?: string;
}

const defaults = readSettings(['port', 'host', 'dataDir', 'consoleDir', 'sessionTtl', 'auditRetention', 'workers', 'logLevel'], { flags: new Map(), env: {}, cores: 1 });

export const defaultConfig: ServerConfig = {
  port: defaults.port,
  host: defaults.host,
  dataDir: defaults.dataDir,
  consoleDir: defaults.consoleDir,
  quiet: false,
  sessionTtlSeconds: defaults.sessionTtl,
  auditRetentionSeconds: defaults.auditRetention,
  blockstore: { type: 'local', s3: {} },
  login: defaultLoginSettings,
  workers: defaults.workers,
  logLevel: defaults.logLevel,
};

export const usage = usageText();

const flagOptions = new Map<string, { value?: string }>(Object.values(options).flatMap((spec) => (spec.flag ? [[spec.flag, spec] as const] : [])));

/** The flags given, by name; a switch is `true`. */
function readFlags(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const name = arg === '-h' ? '--help' : eq > 0 ? arg.slice(0, eq) : arg;
    const spec = flagOptions.get(name);
    // A switch takes no value, not even after `=`.
    if (!spec || (!spec.value && name !== arg && arg !== '-h')) throw new ConfigError(`unknown option "${arg}"\n\n${usage}`);
    if (!spec.value) {
      flags.set(name, 'true');
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new ConfigError(`option ${name} needs a value`);
    flags.set(name, value);
  }
  return flags;
}

function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read config file ${path}: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`config file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`config file ${path}: ${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

const blockstoreOptions = ['blockstore', 's3Endpoint', 's3Region', 's3AccessKeyId', 's3SecretAccessKey', 's3ForcePathStyle'] as const;

/** Where new repositories' data goes: S3 when asked for, or when any S3 setting is given; the SDK reads AWS_* itself. */
function blockstoreConfig(settings: Pick<Settings, (typeof blockstoreOptions)[number]>): BlockstoreConfig {
  const { s3Endpoint: endpoint, s3Region: region, s3AccessKeyId: accessKeyId, s3SecretAccessKey: secretAccessKey } = settings;
  // Never echoed: a half-given pair is reported by name only.
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new ConfigError('S3 credentials need both an access key id and a secret access key');
  const s3: S3BlockStoreOptions = {
    ...(endpoint ? { endpoint } : {}),
    ...(region ? { region } : {}),
    ...(accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : {}),
    ...(settings.s3ForcePathStyle ? { forcePathStyle: true } : {}),
  };
  return { type: settings.blockstore ?? (Object.keys(s3).length > 0 ? 's3' : 'local'), s3 };
}

/** The block store settings of commands that open the server's data (`npm run gc`): from the environment. */
export function readBlockstoreConfig(env: NodeJS.ProcessEnv): BlockstoreConfig {
  return blockstoreConfig(readSettings(blockstoreOptions, { flags: new Map(), env, cores: 1 }));
}

export interface ParsedCommandLine {
  config: ServerConfig;
  help: boolean;
}

export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv, cores = availableParallelism()): ParsedCommandLine {
  const flags = readFlags(argv);
  const configFile = flags.get('--config');
  const given = { flags, env, cores, ...(configFile ? { file: { path: configFile, settings: readConfigFile(configFile) } } : {}) };
  const names = Object.keys(options) as OptionName[];
  const s = readSettings(names, given);
  const config: ServerConfig = {
    port: s.port,
    host: s.host,
    dataDir: resolve(s.dataDir),
    consoleDir: resolve(s.consoleDir),
    quiet: s.quiet ?? false,
    sessionTtlSeconds: s.sessionTtl,
    auditRetentionSeconds: s.auditRetention,
    login: {
      rbac: s.rbac,
      loginUrl: s.loginUrl,
      loginFailedMessage: s.loginFailedMessage,
      ...(s.fallbackLoginUrl !== undefined ? { fallbackLoginUrl: s.fallbackLoginUrl } : {}),
      ...(s.fallbackLoginLabel !== undefined ? { fallbackLoginLabel: s.fallbackLoginLabel } : {}),
      loginCookieNames: s.loginCookieNames,
      logoutUrl: s.logoutUrl,
    },
    blockstore: blockstoreConfig(s),
    workers: s.workers,
    ...(s.databaseUrl !== undefined ? { databaseUrl: s.databaseUrl } : {}),
    ...(s.smtpUrl !== undefined ? { smtpUrl: s.smtpUrl } : {}),
    ...(s.publicUrl !== undefined ? { publicUrl: s.publicUrl } : {}),
    ...(s.importRoot !== undefined ? { importRoot: s.importRoot } : {}),
    logLevel: s.logLevel,
    ...(s.metricsToken !== undefined ? { metricsToken: s.metricsToken } : {}),
  };
  return { config, help: s.help ?? false };
}
