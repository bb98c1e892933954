// Server settings from flags, environment (TARN_*) and an optional JSON file; flags win over the environment,
// which wins over the file. Defaults need none of them.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { defaultLoginSettings, rbacModes, type LoginSettings, type RbacMode } from './auth';
import { parseDurationSeconds } from './duration';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  consoleDir: string;
  quiet: boolean;
  /** How long a login lasts. */
  sessionTtlSeconds: number;
  /** The RBAC mode and the login page's settings (for installations behind a single-sign-on proxy). */
  login: LoginSettings;
  /** `smtp://` or `smtps://` server that mails invitations; without one, the admin passes the link on. */
  smtpUrl?: string;
  /** The console's public address, for the links in invitations. */
  publicUrl?: string;
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
  login: defaultLoginSettings,
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
    rbac: z.enum(rbacModes).optional(),
    loginUrl: z.string().min(1).optional(),
    loginFailedMessage: z.string().optional(),
    fallbackLoginUrl: z.string().optional(),
    fallbackLoginLabel: z.string().optional(),
    loginCookieNames: z.array(z.string().min(1)).optional(),
    logoutUrl: z.string().min(1).optional(),
    smtpUrl: z.string().min(1).optional(),
    publicUrl: z.string().min(1).optional(),
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
  --rbac MODE       internal (policies, the default) or simplified (one ACL per group) (env TARN_RBAC)
  --smtp-url URL    smtp://[user:password@]host[:port][?from=address] (or smtps://) to mail invitations (env TARN_SMTP_URL)
  --public-url URL  the console's public address, for invitation links (env TARN_PUBLIC_URL)
  --config FILE     JSON file with port, host, dataDir, consoleDir, sessionTtl, rbac, smtpUrl, publicUrl and the
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

interface FlagValues {
  port?: string;
  host?: string;
  dataDir?: string;
  consoleDir?: string;
  sessionTtl?: string;
  rbac?: string;
  smtpUrl?: string;
  publicUrl?: string;
  configFile?: string;
  quiet: boolean;
  help: boolean;
}

const valueFlags: Record<string, Exclude<keyof FlagValues, 'quiet' | 'help'>> = {
  '--port': 'port',
  '--host': 'host',
  '--data-dir': 'dataDir',
  '--console-dir': 'consoleDir',
  '--session-ttl': 'sessionTtl',
  '--rbac': 'rbac',
  '--smtp-url': 'smtpUrl',
  '--public-url': 'publicUrl',
  '--config': 'configFile',
};

function readFlags(argv: string[]): FlagValues {
  const flags: FlagValues = { quiet: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--quiet') flags.quiet = true;
    else if (arg === '--help' || arg === '-h') flags.help = true;
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

export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv): ParsedCommandLine {
  const flags = readFlags(argv);
  const fileSettings = flags.configFile ? readConfigFile(flags.configFile) : {};
  const { sessionTtl: fileSessionTtl, port, host, dataDir, consoleDir, smtpUrl, publicUrl } = fileSettings;
  const config: ServerConfig = {
    ...defaultConfig,
    ...(port !== undefined ? { port } : {}),
    ...(host !== undefined ? { host } : {}),
    ...(dataDir !== undefined ? { dataDir } : {}),
    ...(consoleDir !== undefined ? { consoleDir } : {}),
    quiet: flags.quiet,
    login: loginSettings(fileSettings, env, flags.rbac),
  };
  const smtp = flags.smtpUrl ?? (env.TARN_SMTP_URL || undefined) ?? smtpUrl;
  if (smtp !== undefined) config.smtpUrl = parseUrl(smtp, 'SMTP URL', ['smtp:', 'smtps:']);
  const publicAddress = flags.publicUrl ?? (env.TARN_PUBLIC_URL || undefined) ?? publicUrl;
  if (publicAddress !== undefined) config.publicUrl = new URL(parseUrl(publicAddress, 'public URL', ['http:', 'https:'])).origin;
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
  config.dataDir = resolve(config.dataDir);
  config.consoleDir = resolve(config.consoleDir);
  return { config, help: flags.help };
}
