import { describe, expect, it, vi } from 'vitest';
import { UploadPermissions } from '../../src/ui/objects/uploadPermissions';

/** An ask whose answers the test releases one by one. */
function controlledAsk() {
  const pending: Array<{ branch: string; settle: (allowed: boolean | Error) => void }> = [];
  const ask = vi.fn(
    (_repo: string, branch: string) =>
      new Promise<boolean>((resolve, reject) => {
        pending.push({ branch, settle: (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)) });
      }),
  );
  const answer = async (allowed: boolean | Error) => {
    pending.shift()?.settle(allowed);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { ask, answer, pending };
}

describe('upload permissions', () => {
  it('asks once per repository and branch, however often it is needed', async () => {
    const { ask, answer } = controlledAsk();
    const permissions = new UploadPermissions(ask);
    permissions.ensure('lake', 'main');
    permissions.ensure('lake', 'main');
    expect(permissions.allowed('lake', 'main')).toBeUndefined();
    await answer(true);
    permissions.ensure('lake', 'main');
    expect(permissions.allowed('lake', 'main')).toBe(true);
    permissions.ensure('lake', 'dev');
    permissions.ensure('pond', 'main');
    expect(ask.mock.calls).toEqual([
      ['lake', 'main'],
      ['lake', 'dev'],
      ['pond', 'main'],
    ]);
  });

  it('keeps the previous answer while a re-check is under way, then takes the new one', async () => {
    const { ask, answer } = controlledAsk();
    const permissions = new UploadPermissions(ask);
    const changes = vi.fn();
    permissions.subscribe(changes);
    permissions.ensure('lake', 'main');
    await answer(true);
    permissions.recheck('lake', 'main');
    permissions.recheck('lake', 'main');
    expect(ask).toHaveBeenCalledTimes(2);
    expect(permissions.allowed('lake', 'main')).toBe(true);
    await answer(false);
    expect(permissions.allowed('lake', 'main')).toBe(false);
    expect(changes).toHaveBeenCalled();
  });

  it('does not block uploads when the preflight itself fails', async () => {
    const { ask, answer } = controlledAsk();
    const permissions = new UploadPermissions(ask);
    permissions.ensure('lake', 'main');
    await answer(new Error('network down'));
    expect(permissions.allowed('lake', 'main')).toBe(true);
  });
});
