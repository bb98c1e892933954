import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmePath, withConfigTable } from '../../scripts/config-docs';
import { ConfigError, parseCommandLine, usage } from '../../server/config';
import { options } from '../../server/config-options';

describe('server configuration', () => {
  it('defaults to port 8000, 127.0.0.1 and ./data', () => {
    const { config, help } = parseCommandLine([], {});
    expect(config).toMatchObject({ port: 8000, host: '127.0.0.1', dataDir: resolve('data'), quiet: false });
    expect(help).toBe(false);
  });

  it('reads TARN_PORT and TARN_DATA_DIR, and flags win over them', () => {
    const env = { TARN_PORT: '9100', TARN_DATA_DIR: '/tmp/from-env', TARN_HOST: '0.0.0.0' };
    expect(parseCommandLine([], env).config).toMatchObject({ port: 9100, dataDir: '/tmp/from-env', host: '0.0.0.0' });
    const flagged = parseCommandLine(['--port', '0', '--data-dir=/tmp/from-flag', '--host', '::1'], env).config;
    expect(flagged).toMatchObject({ port: 0, dataDir: '/tmp/from-flag', host: '::1' });
  });

  it('reads an optional JSON config file under the environment and flags', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tarn-config-'));
    const file = join(dir, 'tarn.json');
    writeFileSync(file, JSON.stringify({ port: 7000, dataDir: '/tmp/from-file' }));
    expect(parseCommandLine(['--config', file], {}).config).toMatchObject({ port: 7000, dataDir: '/tmp/from-file' });
    expect(parseCommandLine(['--config', file], { TARN_PORT: '7001' }).config.port).toBe(7001);
    writeFileSync(file, JSON.stringify({ port: 'high' }));
    expect(() => parseCommandLine(['--config', file], {})).toThrow(/port/);
    writeFileSync(file, JSON.stringify({ colour: 'blue' }));
    expect(() => parseCommandLine(['--config', file], {})).toThrow(ConfigError);
    writeFileSync(file, '{ not json');
    expect(() => parseCommandLine(['--config', file], {})).toThrow(/not valid JSON/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses bad ports, unknown options and missing values with a message', () => {
    expect(() => parseCommandLine(['--port', '70000'], {})).toThrow(/--port: port must be an integer from 0 to 65535/);
    expect(() => parseCommandLine(['--port', 'abc'], {})).toThrow(ConfigError);
    expect(() => parseCommandLine([], { TARN_PORT: '-1' })).toThrow(/TARN_PORT/);
    expect(() => parseCommandLine(['--verbose'], {})).toThrow(/unknown option "--verbose"/);
    expect(() => parseCommandLine(['--data-dir'], {})).toThrow(/needs a value/);
  });

  it('runs one process unless told how many workers: a number or auto (one per core), from flag, environment or file', () => {
    expect(parseCommandLine([], {}).config.workers).toBe(1);
    expect(parseCommandLine(['--workers', '3'], {}).config.workers).toBe(3);
    expect(parseCommandLine(['--workers=auto'], {}, 6).config.workers).toBe(6);
    expect(parseCommandLine([], { TARN_WORKERS: 'auto' }, 2).config.workers).toBe(2);
    expect(parseCommandLine(['--workers', '4'], { TARN_WORKERS: '2' }).config.workers).toBe(4);
    const dir = mkdtempSync(join(tmpdir(), 'tarn-config-'));
    const file = join(dir, 'tarn.json');
    writeFileSync(file, JSON.stringify({ workers: 5 }));
    expect(parseCommandLine(['--config', file], {}).config.workers).toBe(5);
    expect(parseCommandLine(['--config', file], { TARN_WORKERS: '2' }).config.workers).toBe(2);
    rmSync(dir, { recursive: true, force: true });
    for (const bad of ['0', '-1', '1.5', 'many', '']) {
      expect(() => parseCommandLine([], { TARN_WORKERS: bad || ' ' })).toThrow(/TARN_WORKERS: workers must be a whole number from 1 to 1024, or auto/);
    }
    expect(() => parseCommandLine(['--workers', 'lots'], {})).toThrow(/--workers: workers must be/);
  });

  it('imports from no folder unless given one, by flag, TARN_IMPORT_ROOT or the file, made absolute', () => {
    expect(parseCommandLine([], {}).config.importRoot).toBeUndefined();
    expect(parseCommandLine(['--import-root', 'imports'], {}).config.importRoot).toBe(resolve('imports'));
    expect(parseCommandLine([], { TARN_IMPORT_ROOT: '/srv/import' }).config.importRoot).toBe('/srv/import');
    expect(parseCommandLine(['--import-root=/a'], { TARN_IMPORT_ROOT: '/b' }).config.importRoot).toBe('/a');
    const dir = mkdtempSync(join(tmpdir(), 'tarn-config-'));
    const file = join(dir, 'tarn.json');
    writeFileSync(file, JSON.stringify({ importRoot: '/from/file' }));
    expect(parseCommandLine(['--config', file], {}).config.importRoot).toBe('/from/file');
    expect(parseCommandLine(['--config', file], { TARN_IMPORT_ROOT: '/env' }).config.importRoot).toBe('/env');
    rmSync(dir, { recursive: true, force: true });
    expect(() => parseCommandLine(['--import-root'], {})).toThrow('option --import-root needs a value');
  });

  it('takes the log level and the metrics token from a flag, the environment or the file, and never echoes the token', () => {
    expect(parseCommandLine([], {}).config.logLevel).toBe('info');
    expect(parseCommandLine([], {}).config.metricsToken).toBeUndefined();
    expect(parseCommandLine(['--log-level', 'debug'], { TARN_LOG_LEVEL: 'error' }).config.logLevel).toBe('debug');
    expect(parseCommandLine([], { TARN_LOG_LEVEL: 'silent' }).config.logLevel).toBe('silent');
    expect(parseCommandLine(['--metrics-token=flag-token'], { TARN_METRICS_TOKEN: 'env-token' }).config.metricsToken).toBe('flag-token');
    expect(parseCommandLine([], { TARN_METRICS_TOKEN: 'env-token' }).config.metricsToken).toBe('env-token');
    const dir = mkdtempSync(join(tmpdir(), 'tarn-config-'));
    const file = join(dir, 'tarn.json');
    writeFileSync(file, JSON.stringify({ logLevel: 'warn', metricsToken: 'file-token' }));
    expect(parseCommandLine(['--config', file], {}).config).toMatchObject({ logLevel: 'warn', metricsToken: 'file-token' });
    expect(parseCommandLine(['--config', file], { TARN_LOG_LEVEL: 'trace', TARN_METRICS_TOKEN: 'env-token' }).config).toMatchObject({
      logLevel: 'trace',
      metricsToken: 'env-token',
    });
    writeFileSync(file, JSON.stringify({ logLevel: 'loud' }));
    expect(() => parseCommandLine(['--config', file], {})).toThrow(ConfigError);
    rmSync(dir, { recursive: true, force: true });
    expect(() => parseCommandLine(['--log-level', 'verbose'], {})).toThrow('--log-level: log level must be one of trace, debug, info, warn, error, fatal, silent, got "verbose"');
    expect(() => parseCommandLine([], { TARN_LOG_LEVEL: 'INFO' })).toThrow('TARN_LOG_LEVEL: log level must be one of');
    expect(() => parseCommandLine(['--metrics-token'], {})).toThrow('option --metrics-token needs a value');
  });

  it('knows --help and --quiet', () => {
    expect(parseCommandLine(['--help'], {}).help).toBe(true);
    expect(parseCommandLine(['--quiet'], {}).config.quiet).toBe(true);
  });

  it('takes a PostgreSQL address from a flag, TARN_DATABASE_URL or the file, and never echoes a refused one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tarn-config-'));
    const file = join(dir, 'tarn.json');
    writeFileSync(file, JSON.stringify({ databaseUrl: 'postgres://file@db/tarn' }));
    expect(parseCommandLine([], {}).config.databaseUrl).toBeUndefined();
    expect(parseCommandLine(['--config', file], {}).config.databaseUrl).toBe('postgres://file@db/tarn');
    const env = { TARN_DATABASE_URL: 'postgresql://env@db/tarn' };
    expect(parseCommandLine(['--config', file], env).config.databaseUrl).toBe('postgresql://env@db/tarn');
    expect(parseCommandLine(['--database-url', 'postgres://flag@db/tarn'], env).config.databaseUrl).toBe('postgres://flag@db/tarn');
    expect(() => parseCommandLine(['--database-url', 'mysql://u:hunter2@db/x'], {})).toThrow(/--database-url: only PostgreSQL/);
    expect(() => parseCommandLine([], { TARN_DATABASE_URL: 'hunter2' })).toThrow(/TARN_DATABASE_URL: not a valid address/);
    const refusal = (() => {
      try {
        parseCommandLine(['--database-url', 'mysql://u:hunter2@db/x'], {});
      } catch (err) {
        return (err as Error).message;
      }
      return 'accepted';
    })();
    expect(refusal).toMatch(/only PostgreSQL/);
    expect(refusal).not.toContain('hunter2');
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps data in the folder unless S3 is asked for, by --blockstore or by any S3 setting', () => {
    expect(parseCommandLine([], {}).config.blockstore).toEqual({ type: 'local', s3: {} });
    expect(parseCommandLine(['--blockstore', 's3'], {}).config.blockstore).toEqual({ type: 's3', s3: {} });
    const env = { TARN_S3_ENDPOINT: 'http://127.0.0.1:9000', TARN_S3_ACCESS_KEY_ID: 'id', TARN_S3_SECRET_ACCESS_KEY: 'secret' };
    expect(parseCommandLine([], env).config.blockstore).toEqual({
      type: 's3',
      s3: { endpoint: 'http://127.0.0.1:9000', accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    const flagged = parseCommandLine(['--s3-endpoint=https://s3.example.com', '--s3-region', 'eu-west-1', '--s3-force-path-style'], env).config;
    expect(flagged.blockstore.s3).toEqual({
      endpoint: 'https://s3.example.com',
      region: 'eu-west-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(parseCommandLine(['--blockstore', 'local'], env).config.blockstore.type).toBe('local');
    expect(parseCommandLine([], { TARN_S3_FORCE_PATH_STYLE: 'true' }).config.blockstore.s3).toEqual({ forcePathStyle: true });
  });

  it('refuses a bad block store, endpoint or half a credential pair without echoing the secret', () => {
    expect(() => parseCommandLine(['--blockstore', 'gcs'], {})).toThrow(/block store must be local or s3/);
    expect(() => parseCommandLine(['--s3-endpoint', 'ftp://x'], {})).toThrow(/http or https/);
    expect(() => parseCommandLine([], { TARN_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/TARN_S3_FORCE_PATH_STYLE/);
    let message = '';
    try {
      parseCommandLine(['--s3-secret-access-key', 'hunter2-secret'], {});
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe('S3 credentials need both an access key id and a secret access key');
  });

  it('reads the login settings and RBAC mode from the file, under the environment and the flag', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tarn-config-'));
    const file = join(dir, 'tarn.json');
    writeFileSync(
      file,
      JSON.stringify({
        rbac: 'simplified',
        loginUrl: 'https://sso.example.com/login',
        loginFailedMessage: '<b>Ask IT</b>',
        fallbackLoginUrl: '/auth/login',
        fallbackLoginLabel: 'Use an access key',
        loginCookieNames: ['sso_session', 'internal_auth_session'],
        logoutUrl: 'https://sso.example.com/logout',
        smtpUrl: 'smtp://mail.example.com',
        publicUrl: 'https://lake.example.com/some/path',
      }),
    );
    const fromFile = parseCommandLine(['--config', file], {}).config;
    expect(fromFile.login).toEqual({
      rbac: 'simplified',
      loginUrl: 'https://sso.example.com/login',
      loginFailedMessage: '<b>Ask IT</b>',
      fallbackLoginUrl: '/auth/login',
      fallbackLoginLabel: 'Use an access key',
      loginCookieNames: ['sso_session', 'internal_auth_session'],
      logoutUrl: 'https://sso.example.com/logout',
    });
    expect(fromFile).toMatchObject({ smtpUrl: 'smtp://mail.example.com', publicUrl: 'https://lake.example.com' });
    const env = { TARN_RBAC: 'internal', TARN_LOGIN_URL: '/sso', TARN_LOGIN_COOKIE_NAMES: 'a, b', TARN_LOGOUT_URL: '/bye', TARN_SMTP_URL: 'smtps://m:p@mail' };
    const fromEnv = parseCommandLine(['--config', file], env).config;
    expect(fromEnv.login).toMatchObject({ rbac: 'internal', loginUrl: '/sso', loginCookieNames: ['a', 'b'], logoutUrl: '/bye', fallbackLoginLabel: 'Use an access key' });
    expect(fromEnv.smtpUrl).toBe('smtps://m:p@mail');
    expect(parseCommandLine(['--config', file, '--rbac', 'internal'], { TARN_RBAC: 'simplified' }).config.login.rbac).toBe('internal');
    expect(parseCommandLine([], {}).config.login).toMatchObject({ rbac: 'internal', loginUrl: '/auth/login', logoutUrl: '/logout', loginCookieNames: ['internal_auth_session'] });
    expect(() => parseCommandLine(['--rbac', 'none'], {})).toThrow(/--rbac: RBAC mode must be internal or simplified/);
    expect(() => parseCommandLine([], { TARN_SMTP_URL: 'http://mail' })).toThrow(/SMTP URL: must start with smtp:\/\/ or smtps:\/\//);
    writeFileSync(file, JSON.stringify({ rbac: 'everyone' }));
    expect(() => parseCommandLine(['--config', file], {})).toThrow(/rbac/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists every option in --help and in the README, as the table of options says them (npm run config-docs)', () => {
    for (const spec of Object.values(options)) {
      if (spec.flag) expect(usage).toContain(spec.flag);
      if (spec.env) expect(usage).toContain(spec.env);
    }
    const readme = readFileSync(readmePath, 'utf8');
    expect(withConfigTable(readme)).toBe(readme);
  });

  it('refuses a wrong value even where another source overrides it, and a switch given a value', () => {
    expect(() => parseCommandLine(['--port', '9000'], { TARN_PORT: 'x' })).toThrow(/TARN_PORT: port must be/);
    expect(() => parseCommandLine(['--quiet=1'], {})).toThrow(/unknown option "--quiet=1"/);
  });
});
