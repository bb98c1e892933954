// S3's error document as the gateway answers it, and what a 503 adds: the AWS SDKs' retries honour Retry-After.
import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../../../server/errors';
import { errorResponse } from '../../../server/gateway/responses';
import { S3Error, toS3Error } from '../../../server/gateway/s3-errors';

describe('the gateway’s error answers', () => {
  it('ask the client to come back after a second when the store is unavailable, body or not', async () => {
    const unavailable = toS3Error(new UnavailableError('objects', 'object store is unreachable or timed out; retry the request later'));
    expect(unavailable.code).toBe('ServiceUnavailable');
    const answer = errorResponse(unavailable, '/lake/a.txt', 'req-1', false);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(await answer.text()).toContain('<Code>ServiceUnavailable</Code>');
    const head = errorResponse(unavailable, '/lake/a.txt', 'req-1', true);
    expect([head.status, head.headers.get('retry-after'), head.headers.get('x-amz-error-code')]).toEqual([503, '1', 'ServiceUnavailable']);
  });

  it('leave Retry-After off every other failure', () => {
    const denied = errorResponse(new S3Error('AccessDenied', 'Access Denied'), '/lake/a.txt', 'req-2', false);
    expect([denied.status, denied.headers.get('retry-after')]).toEqual([403, null]);
  });
});
