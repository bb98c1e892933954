// Server settings from flags, environment (TARN_*) and an optional JSON file; flags win over the environment,
// which wins over the file. Defaults need none of them.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { S3BlockStoreOptions } from './blockstore';
import { defaultLoginSettings, rbacModes, type LoginSettings, type RbacMode } from './auth';
import { parseDurationSeconds } from './duration';
import { isLogLevel, logLevels, type LogLevel } from './logging';

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
  /** The least severe log lines written (default info). */
  logLevel: LogLevel;
  /** The bearer token that opens GET /metrics to connections from other machines (loopback needs none). */
  metricsToken?: string;
}

export class ConfigError extends Error {}

const projectRoot = resolve(import.meta.dirname, '..');

export const defaultConfig: ServerConfig = {
  port: 8000,
  host: '127.0.0.1',
  dataDir: './data',
  consoleDir: join(projectRoot, 'dist', 'console'),
  quiet: false,
  sessionTtlSeconds: 7 * 24 * 3600,
  blockstore: { type: 'local', s3: {} },
  login: defaultLoginSettings,
  workers: 1,
  logLevel: 'info',
};

/** Browsers cap a cookie's Max-Age at 400 days, and the session cookie lives as long as the session. */
const maxSessionTtlSeconds = 400 * 24 * 3600;

const portSchema = z.coerce.number().int().min(0).max(65535);

const fileSchema = z
  .object({
    port: portSchema.optional(),
    host: z.string().min(1).optional(),
    dataDir: z.string().min(1).optional(),
    consoleDir: z.string().min(1).optional(),
    sessionTtl: z.union([z.number(), z.string()]).optional(),
    databaseUrl: z.string().min(1).optional(),
    rbac: z.enum(rbacModes).optional(),
    loginUrl: z.string().min(1).optional(),
    loginFailedMessage: z.string().optional(),
    fallbackLoginUrl: z.string().optional(),
    fallbackLoginLabel: z.string().optional(),
    loginCookieNames: z.array(z.string().min(1)).optional(),
    logoutUrl: z.string().min(1).optional(),
    smtpUrl: z.string().min(1).optional(),
    publicUrl: z.string().min(1).optional(),
    workers: z.union([z.number(), z.string()]).optional(),
    importRoot: z.string().min(1).optional(),
    logLevel: z.enum(logLevels).optional(),
    metricsToken: z.string().min(1).optional(),
  })
  .strict();

type FileSettings = z.infer<typeof fileSchema>;

export const usage = `Usage: tsx server/main.ts [options]

Options:
  --port N          port to listen on (default 8000; 0 picks a free port; env TARN_PORT)
  --host H          address to bind (default 127.0.0.1; env TARN_HOST)
  --data-dir DIR    where metadata and objects are kept (default ./data; env TARN_DATA_DIR)
  --console-dir DIR built console to serve (default dist/console)
  --session-ttl T   how long a login lasts: seconds or a duration such as 12h or 7d (default 7d; env TARN_SESSION_TTL)
  --database-url U  keep metadata in PostgreSQL (postgres://user:password@host:port/database), shared by every
                    server given the same URL; default: SQLite in the data folder (env TARN_DATABASE_URL)
  --workers N       server processes sharing the port and the metadata (node:cluster workers): a number, or auto
                    for one per CPU core (default 1: the server runs in this process; env TARN_WORKERS)
  --blockstore T    local or s3: where new repositories keep their data (default s3 when an --s3-* option or
                    TARN_S3_* variable is given, else local; env TARN_BLOCKSTORE)
  --s3-endpoint URL an S3-compatible endpoint (default AWS's; env TARN_S3_ENDPOINT, or AWS_ENDPOINT_URL_S3)
  --s3-region R     the bucket's region (env TARN_S3_REGION, or AWS_REGION; default us-east-1)
  --s3-access-key-id ID, --s3-secret-access-key SECRET
                    S3 credentials (env TARN_S3_ACCESS_KEY_ID, TARN_S3_SECRET_ACCESS_KEY; without them the AWS
                    chain: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, instance roles)
  --s3-force-path-style
                    address buckets as endpoint/bucket (most S3-compatible servers; env TARN_S3_FORCE_PATH_STYLE=true)
  --import-root DIR a folder whose files repositories may import without copying them, as
                    local://<absolute path inside it> (default: none, import from S3 only; env TARN_IMPORT_ROOT)
  --rbac MODE       internal (policies, the default) or simplified (one ACL per group) (env TARN_RBAC)
  --smtp-url URL    smtp://[user:password@]host[:port][?from=address] (or smtps://) to mail invitations (env TARN_SMTP_URL)
  --public-url URL  the console's public address, for invitation links (env TARN_PUBLIC_URL)
  --log-level L     trace, debug, info (the default), warn, error, fatal or silent: the least severe log lines
                    written, as JSON lines (readable ones on a terminal) (env TARN_LOG_LEVEL)
  --metrics-token T the bearer token that opens GET /metrics to other machines; loopback needs none
                    (env TARN_METRICS_TOKEN)
  --config FILE     JSON file with port, host, dataDir, consoleDir, sessionTtl, databaseUrl, workers, importRoot, rbac, smtpUrl, publicUrl,
                    logLevel, metricsToken and the
                    login settings loginUrl, loginFailedMessage, fallbackLoginUrl, fallbackLoginLabel,
                    loginCookieNames, logoutUrl (env TARN_LOGIN_URL, TARN_LOGIN_FAILED_MESSAGE, ...)
  --quiet           print only the listening line and server faults (no line per client error)
  --help            show this text`;

function parsePort(raw: string, source: string): number {
  const parsed = portSchema.safeParse(raw.trim() === '' ? Number.NaN : raw);
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

/** The block store's options, given as flags. */
export interface BlockstoreFlags {
  blockstore?: string;
  s3Endpoint?: string;
  s3Region?: string;
  s3AccessKeyId?: string;
  s3SecretAccessKey?: string;
  s3ForcePathStyle?: boolean;
}

interface FlagValues extends BlockstoreFlags {
  port?: string;
  host?: string;
  dataDir?: string;
  consoleDir?: string;
  sessionTtl?: string;
  databaseUrl?: string;
  rbac?: string;
  smtpUrl?: string;
  publicUrl?: string;
  workers?: string;
  importRoot?: string;
  logLevel?: string;
  metricsToken?: string;
  configFile?: string;
  quiet: boolean;
  help: boolean;
}

const valueFlags: Record<string, Exclude<keyof FlagValues, 'quiet' | 'help' | 's3ForcePathStyle'>> = {
  '--port': 'port',
  '--host': 'host',
  '--data-dir': 'dataDir',
  '--console-dir': 'consoleDir',
  '--session-ttl': 'sessionTtl',
  '--database-url': 'databaseUrl',
  '--rbac': 'rbac',
  '--smtp-url': 'smtpUrl',
  '--public-url': 'publicUrl',
  '--workers': 'workers',
  '--import-root': 'importRoot',
  '--log-level': 'logLevel',
  '--metrics-token': 'metricsToken',
  '--config': 'configFile',
  '--blockstore': 'blockstore',
  '--s3-endpoint': 's3Endpoint',
  '--s3-region': 's3Region',
  '--s3-access-key-id': 's3AccessKeyId',
  '--s3-secret-access-key': 's3SecretAccessKey',
};

function readFlags(argv: string[]): FlagValues {
  const flags: FlagValues = { quiet: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--quiet') flags.quiet = true;
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else if (arg === '--s3-force-path-style') flags.s3ForcePathStyle = true;
    else {
      const eq = arg.indexOf('=');
      const name = eq > 0 ? arg.slice(0, eq) : arg;
      const key = valueFlags[name];
      if (!key) throw new ConfigError(`unknown option "${arg}"\n\n${usage}`);
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || value === '') throw new ConfigError(`option ${name} needs a value`);
      flags[key] = value;
    }
  }
  return flags;
}

function readConfigFile(path: string): FileSettings {
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

function parseBoolean(raw: string, source: string): boolean {
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(`${source}: expected true or false, got "${raw}"`);
}

/** S3 settings from Tarn's flags over its TARN_S3_* variables; the SDK reads the standard AWS_* ones itself. */
function readS3Settings(flags: BlockstoreFlags, env: NodeJS.ProcessEnv): { s3: S3BlockStoreOptions; given: boolean } {
  const s3: S3BlockStoreOptions = {};
  const endpoint = flags.s3Endpoint ?? env.TARN_S3_ENDPOINT;
  const region = flags.s3Region ?? env.TARN_S3_REGION;
  const accessKeyId = flags.s3AccessKeyId ?? env.TARN_S3_ACCESS_KEY_ID;
  const secretAccessKey = flags.s3SecretAccessKey ?? env.TARN_S3_SECRET_ACCESS_KEY;
  const pathStyle = flags.s3ForcePathStyle === true || (env.TARN_S3_FORCE_PATH_STYLE ? parseBoolean(env.TARN_S3_FORCE_PATH_STYLE, 'TARN_S3_FORCE_PATH_STYLE') : false);
  if (endpoint) {
    if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol)) {
      throw new ConfigError(`S3 endpoint must be an http or https address, got "${endpoint}"`);
    }
    s3.endpoint = endpoint;
  }
  if (region) s3.region = region;
  // Never echoed: a half-given pair is reported by name only.
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new ConfigError('S3 credentials need both an access key id and a secret access key');
  if (accessKeyId && secretAccessKey) Object.assign(s3, { accessKeyId, secretAccessKey });
  if (pathStyle) s3.forcePathStyle = true;
  return { s3, given: Object.keys(s3).length > 0 };
}

/** The block store settings of the server, and of commands that open its data (`npm run gc`). */
export function readBlockstoreConfig(flags: BlockstoreFlags, env: NodeJS.ProcessEnv): BlockstoreConfig {
  const { s3, given } = readS3Settings(flags, env);
  const chosen = flags.blockstore ?? env.TARN_BLOCKSTORE;
  if (chosen !== undefined && chosen !== 'local' && chosen !== 's3') {
    throw new ConfigError(`block store must be local or s3, got "${chosen}"`);
  }
  return { type: chosen ?? (given ? 's3' : 'local'), s3 };
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

/** The login settings: the file's, then the environment's over them (TARN_LOGIN_COOKIE_NAMES is comma-separated). */
function loginSettings(file: FileSettings, env: NodeJS.ProcessEnv, rbacFlag: string | undefined): LoginSettings {
  const settings: LoginSettings = { ...defaultLoginSettings };
  const set = <K extends keyof LoginSettings>(key: K, value: LoginSettings[K] | undefined) => {
    if (value !== undefined && value !== '') settings[key] = value;
  };
  set('rbac', file.rbac);
  set('loginUrl', file.loginUrl);
  set('loginFailedMessage', file.loginFailedMessage);
  set('fallbackLoginUrl', file.fallbackLoginUrl);
  set('fallbackLoginLabel', file.fallbackLoginLabel);
  set('loginCookieNames', file.loginCookieNames);
  set('logoutUrl', file.logoutUrl);
  if (env.TARN_RBAC) settings.rbac = parseRbac(env.TARN_RBAC, 'TARN_RBAC');
  set('loginUrl', env.TARN_LOGIN_URL);
  set('loginFailedMessage', env.TARN_LOGIN_FAILED_MESSAGE);
  set('fallbackLoginUrl', env.TARN_FALLBACK_LOGIN_URL);
  set('fallbackLoginLabel', env.TARN_FALLBACK_LOGIN_LABEL);
  if (env.TARN_LOGIN_COOKIE_NAMES) set('loginCookieNames', env.TARN_LOGIN_COOKIE_NAMES.split(',').map((n) => n.trim()).filter(Boolean));
  set('logoutUrl', env.TARN_LOGOUT_URL);
  if (rbacFlag !== undefined) settings.rbac = parseRbac(rbacFlag, '--rbac');
  return settings;
}

export interface ParsedCommandLine {
  config: ServerConfig;
  help: boolean;
}

export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv, cores = availableParallelism()): ParsedCommandLine {
  const flags = readFlags(argv);
  const fileSettings = flags.configFile ? readConfigFile(flags.configFile) : {};
  const {
    sessionTtl: fileSessionTtl,
    port,
    host,
    dataDir,
    consoleDir,
    smtpUrl,
    publicUrl,
    databaseUrl: fileDatabaseUrl,
    workers: fileWorkers,
    importRoot: fileImportRoot,
    logLevel: fileLogLevel,
    metricsToken: fileMetricsToken,
  } = fileSettings;
  const config: ServerConfig = {
    ...defaultConfig,
    ...(port !== undefined ? { port } : {}),
    ...(host !== undefined ? { host } : {}),
    ...(dataDir !== undefined ? { dataDir } : {}),
    ...(consoleDir !== undefined ? { consoleDir } : {}),
    quiet: flags.quiet,
    login: loginSettings(fileSettings, env, flags.rbac),
    blockstore: readBlockstoreConfig(flags, env),
  };
  const smtp = flags.smtpUrl ?? (env.TARN_SMTP_URL || undefined) ?? smtpUrl;
  if (smtp !== undefined) config.smtpUrl = parseUrl(smtp, 'SMTP URL', ['smtp:', 'smtps:']);
  const publicAddress = flags.publicUrl ?? (env.TARN_PUBLIC_URL || undefined) ?? publicUrl;
  if (publicAddress !== undefined) config.publicUrl = new URL(parseUrl(publicAddress, 'public URL', ['http:', 'https:'])).origin;
  const databaseUrl =
    flags.databaseUrl !== undefined
      ? parseDatabaseUrl(flags.databaseUrl, '--database-url')
      : env.TARN_DATABASE_URL
        ? parseDatabaseUrl(env.TARN_DATABASE_URL, 'TARN_DATABASE_URL')
        : fileDatabaseUrl !== undefined
          ? parseDatabaseUrl(fileDatabaseUrl, `config file ${flags.configFile}: databaseUrl`)
          : undefined;
  if (databaseUrl !== undefined) config.databaseUrl = databaseUrl;
  if (fileSessionTtl !== undefined) config.sessionTtlSeconds = parseSessionTtl(fileSessionTtl, `config file ${flags.configFile}: sessionTtl`);
  if (env.TARN_SESSION_TTL) config.sessionTtlSeconds = parseSessionTtl(env.TARN_SESSION_TTL, 'TARN_SESSION_TTL');
  if (env.TARN_PORT !== undefined && env.TARN_PORT !== '') config.port = parsePort(env.TARN_PORT, 'TARN_PORT');
  if (env.TARN_HOST) config.host = env.TARN_HOST;
  if (env.TARN_DATA_DIR) config.dataDir = env.TARN_DATA_DIR;
  if (flags.port !== undefined) config.port = parsePort(flags.port, '--port');
  if (flags.host !== undefined) config.host = flags.host;
  if (flags.dataDir !== undefined) config.dataDir = flags.dataDir;
  if (flags.consoleDir !== undefined) config.consoleDir = flags.consoleDir;
  if (flags.sessionTtl !== undefined) config.sessionTtlSeconds = parseSessionTtl(flags.sessionTtl, '--session-ttl');
  if (fileWorkers !== undefined) config.workers = parseWorkers(fileWorkers, `config file ${flags.configFile}: workers`, cores);
  if (env.TARN_WORKERS) config.workers = parseWorkers(env.TARN_WORKERS, 'TARN_WORKERS', cores);
  if (flags.workers !== undefined) config.workers = parseWorkers(flags.workers, '--workers', cores);
  const importRoot = flags.importRoot ?? (env.TARN_IMPORT_ROOT || undefined) ?? fileImportRoot;
  if (importRoot !== undefined) config.importRoot = resolve(importRoot);
  const logLevel = flags.logLevel !== undefined ? parseLogLevel(flags.logLevel, '--log-level') : env.TARN_LOG_LEVEL ? parseLogLevel(env.TARN_LOG_LEVEL, 'TARN_LOG_LEVEL') : fileLogLevel;
  if (logLevel !== undefined) config.logLevel = logLevel;
  // Never echoed in an error: it is a credential.
  const metricsToken = flags.metricsToken ?? (env.TARN_METRICS_TOKEN || undefined) ?? fileMetricsToken;
  if (metricsToken !== undefined) config.metricsToken = metricsToken;
  config.dataDir = resolve(config.dataDir);
  config.consoleDir = resolve(config.consoleDir);
  return { config, help: flags.help };
}
