import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { LoginConfig } from '../../src/api/types';
import { logoutMachine, type LogoutInput } from '../../src/machines/logout';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(logoutMachine);

const withLogoutUrl = (logout_url: string) => ({ logout_url, login_cookie_names: [] }) as unknown as LoginConfig;

function run(input: LogoutInput, loadLoginConfig: () => Promise<LoginConfig | null>) {
  let asked = 0;
  const machine = logoutMachine.provide({
    actors: {
      loadLoginConfig: fromPromise(() => {
        asked++;
        return loadLoginConfig();
      }),
    },
  });
  const actor = createActor(machine, { input, inspect: coverage.inspect }).start();
  return { output: toPromise(actor), asked: () => asked };
}

describe('logout machine', () => {
  it('leaves for the configured address the session already knows, asking nothing', async () => {
    const flow = run({ loginConfig: withLogoutUrl('https://sso.example.com/logout') }, () => Promise.reject(new Error('not asked')));
    await expect(flow.output).resolves.toEqual({ url: 'https://sso.example.com/logout' });
    expect(flow.asked()).toBe(0);
  });

  it('reads the login configuration when the session has none', async () => {
    const flow = run({ loginConfig: null }, () => Promise.resolve(withLogoutUrl('/signed-out')));
    await expect(flow.output).resolves.toEqual({ url: '/signed-out' });
    expect(flow.asked()).toBe(1);
  });

  it("goes to the server's /logout when nothing is configured or the configuration cannot be read", async () => {
    await expect(run({ loginConfig: null }, () => Promise.resolve(withLogoutUrl(''))).output).resolves.toEqual({ url: '/logout' });
    await expect(run({ loginConfig: null }, () => Promise.reject(new Error('down'))).output).resolves.toEqual({ url: '/logout' });
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
