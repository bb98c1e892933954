// Fake API handlers shared by the UI tests (msw), their bodies typed with the server's wire schemas so a fake cannot
// drift from what the server sends.
import { http, HttpResponse } from 'msw';
import type { CurrentUser } from '../../server/http/wire/auth';

/** The user most screens are looked at as. */
export const ada: CurrentUser['user'] = { id: 'ada', creation_date: 1 };

/** GET /api/v1/user: a session signed in as `user`. */
export function signedInAs(user: CurrentUser['user'] = ada) {
  return http.get('*/api/v1/user', () => HttpResponse.json<CurrentUser>({ user }));
}
