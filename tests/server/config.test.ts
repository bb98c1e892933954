import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseCommandLine } from '../../server/config';

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

  it('knows --help and --quiet', () => {
    expect(parseCommandLine(['--help'], {}).help).toBe(true);
    expect(parseCommandLine(['--quiet'], {}).config.quiet).toBe(true);
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
});
