import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { ErrorBody, GarbageCollectionRules } from '../../server/http/wire';
import { dismissGcWarning, gcWarningApplies, hasGcRules, isGcWarningDismissed } from '../../src/machines/gc-warning';
import { elseNotFound, failure, fakeApi, notFound } from './fake-api';

fakeApi(
  http.get<{ repo: string }, never, GarbageCollectionRules | ErrorBody>('*/api/v1/repositories/:repo/settings/gc_rules', ({ params }) => {
    if (params.repo === 'with-rules') return HttpResponse.json<GarbageCollectionRules>({ default_retention_days: 21, branches: [] });
    if (params.repo === 'broken') return failure(500, 'boom');
    return notFound();
  }),
  elseNotFound,
);

describe('garbage-collection rules check', () => {
  it('reads 404 as "no rules" and passes other failures on', async () => {
    expect(await hasGcRules('with-rules')).toBe(true);
    expect(await hasGcRules('without-rules')).toBe(false);
    await expect(hasGcRules('broken')).rejects.toThrow('boom');
  });
});

describe('garbage-collection warning rule', () => {
  const DAY = 86_400;
  const now = 1_800_000_000;

  it('applies to s3 and http(s) storage older than 14 days only', () => {
    expect(gcWarningApplies({ storageNamespace: 's3://b/r', creationDate: now - 14 * DAY - 1, now })).toBe(true);
    expect(gcWarningApplies({ storageNamespace: 'https://h/r', creationDate: now - 20 * DAY, now })).toBe(true);
    expect(gcWarningApplies({ storageNamespace: 'http://h/r', creationDate: now - 20 * DAY, now })).toBe(true);
    expect(gcWarningApplies({ storageNamespace: 's3://b/r', creationDate: now - 14 * DAY, now })).toBe(false);
    expect(gcWarningApplies({ storageNamespace: 'local://r', creationDate: now - 99 * DAY, now })).toBe(false);
    expect(gcWarningApplies({ storageNamespace: 'gs://b/r', creationDate: now - 99 * DAY, now })).toBe(false);
  });

  it('remembers dismissal per repository', () => {
    localStorage.clear();
    dismissGcWarning('a');
    expect(isGcWarningDismissed('a')).toBe(true);
    expect(isGcWarningDismissed('b')).toBe(false);
  });
});
