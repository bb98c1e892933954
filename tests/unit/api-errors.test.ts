import { describe, expect, it } from 'vitest';
import { isPermissionDenied } from '../../src/lib/error-message';
import {
  ApiError,
  AuthenticationError,
  AuthorizationError,
  ConflictError,
  deepestMessage,
  errorFromResponse,
  errorMessage,
  GoneError,
  MergeConflictError,
  NotFoundError,
  parseErrorBody,
  PreconditionError,
} from '../../src/api/errors';

describe('deepestMessage', () => {
  it('reads the message field of a JSON body', () => {
    expect(deepestMessage({ message: 'branch not found' })).toBe('branch not found');
  });

  it('lets the deepest nested message win', () => {
    const body = { message: 'outer', error: { message: 'middle', error: { message: 'innermost' } } };
    expect(deepestMessage(body)).toBe('innermost');
  });

  it('falls back to an outer message when the nested error has none', () => {
    expect(deepestMessage({ message: 'outer', error: { code: 3 } })).toBe('outer');
  });

  it('follows Error causes', () => {
    expect(deepestMessage(new Error('wrapper', { cause: new Error('root cause') }))).toBe('root cause');
  });

  it('takes a plain text body as the message', () => {
    expect(deepestMessage('plain failure')).toBe('plain failure');
    expect(deepestMessage('   ')).toBeUndefined();
  });
});

describe('errorMessage', () => {
  it('has a wording for values with no message', () => {
    expect(errorMessage(undefined)).toBe('Unknown error');
    expect(errorMessage({})).toBe('Unknown error');
  });

  it('adds what to do to refusals whose server message does not say it, and leaves other messages as they are', () => {
    expect(errorMessage(new Error('cannot write to protected branch'))).toMatch(/^cannot write to protected branch\. .*another branch, then merge/);
    expect(errorMessage({ message: 'read-only repository' })).toMatch(/Settings › General/);
    expect(errorMessage(new Error('branch not found'))).toBe('branch not found');
    // After the action a call names, too.
    expect(errorMessage(new Error('could not commit: cannot commit to protected branch'))).toMatch(
      /^could not commit: cannot commit to protected branch\. This branch is protected/,
    );
  });

  it('states the naming rule when the server refuses a name, instead of its validation error', () => {
    expect(errorMessage(new Error('could not create branch: branch id: invalid value: validation error'))).toBe(
      'could not create branch: invalid branch name. A branch name starts with a letter, a digit or an underscore, and holds only letters, digits, underscores and hyphens (no spaces, dots or slashes)',
    );
    expect(errorMessage({ message: 'tag id: invalid value: validation error' })).toMatch(/^invalid tag name\. A tag name has no spaces/);
    expect(errorMessage(new Error('could not create repository: repository id: invalid value: validation error'))).toMatch(
      /^could not create repository: invalid repository name\. A repository name is 3 to 63 lowercase letters/,
    );
    expect(errorMessage(new Error('could not create branch: branch name: required'))).toBe('could not create branch: branch name: required');
  });

  it("says Tarn's server cannot be reached where the browser says only that a fetch failed", () => {
    for (const words of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) {
      expect(errorMessage(new TypeError(words))).toBe(
        "Tarn's server cannot be reached: check that it is running and that this computer is online, then try again",
      );
    }
    expect(errorMessage(new Error('could not list branches: Failed to fetch'))).toMatch(/^could not list branches: Tarn's server cannot be reached/);
  });
});

describe('parseErrorBody', () => {
  it('parses JSON only when the content type says so', () => {
    expect(parseErrorBody('application/json; charset=utf-8', '{"message":"x"}')).toEqual({ message: 'x' });
    expect(parseErrorBody('text/plain', '{"message":"x"}')).toBe('{"message":"x"}');
    expect(parseErrorBody('application/json', 'not json')).toBe('not json');
  });
});

describe('errorFromResponse', () => {
  it('maps only the exact lost-session message to AuthenticationError', () => {
    expect(errorFromResponse(401, { message: 'error authenticating request' })).toBeInstanceOf(AuthenticationError);
    const denied = errorFromResponse(401, { message: 'insufficient permissions' });
    expect(denied).toBeInstanceOf(AuthorizationError);
    expect(denied).not.toBeInstanceOf(AuthenticationError);
    expect(errorFromResponse(401, 'error authenticating request.')).toBeInstanceOf(AuthorizationError);
  });

  it('maps statuses to their classes and keeps status and message', () => {
    const notFound = errorFromResponse(404, { message: 'could not find repository r' });
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect(notFound.status).toBe(404);
    expect(notFound.message).toBe('could not find repository r');
    expect(errorFromResponse(409, { message: 'branch already exists' })).toBeInstanceOf(ConflictError);
    expect(errorFromResponse(410, { message: 'repository in deletion' })).toBeInstanceOf(GoneError);
    expect(errorFromResponse(412, { message: 'precondition failed' })).toBeInstanceOf(PreconditionError);
    const other = errorFromResponse(500, 'boom');
    expect(other).toBeInstanceOf(ApiError);
    expect(other.message).toBe('boom');
  });

  it('turns a 409 that names conflicts into MergeConflictError carrying both sides of each path', () => {
    const dest = { size_bytes: 3, mtime: 1_700_000_000, checksum: 'd', content_type: 'text/csv' };
    const error = errorFromResponse(409, {
      message: 'conflict found',
      reference: '',
      conflicts: [
        { path: 'a.csv', source: null, dest },
        { path: 'b/c.csv', source: { ...dest, checksum: 's', size_bytes: 9 }, dest },
        'not-an-entry.csv',
        { path: 'no-sides.csv' },
      ],
    });
    expect(error).toBeInstanceOf(MergeConflictError);
    expect((error as MergeConflictError).conflicts).toEqual([
      { path: 'a.csv', source: null, dest },
      { path: 'b/c.csv', source: { ...dest, checksum: 's', size_bytes: 9 }, dest },
    ]);
  });

  it('uses the status text when the body carries no message', () => {
    expect(errorFromResponse(502, '', 'Bad Gateway').message).toBe('Bad Gateway');
    expect(errorFromResponse(502, '').message).toBe('request failed with status 502');
  });

  it('takes a 401 naming a missing permission as a refused permission, and a 403 as a plain failure', () => {
    const refused = errorFromResponse(401, { message: 'insufficient permissions: not allowed to auth:CreateUser' });
    expect(refused).toBeInstanceOf(AuthorizationError);
    expect(isPermissionDenied(refused)).toBe(true);
    const readOnly = errorFromResponse(403, { message: 'read-only repository' });
    expect(readOnly).not.toBeInstanceOf(AuthorizationError);
    expect(isPermissionDenied(readOnly)).toBe(false);
  });
});
