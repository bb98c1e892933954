// Who is calling the gateway. As on lakeFS, which runs its API's authentication ahead of the gateway's, the
// console's own session (its cookie, or the API's bearer token) is the caller whatever keys sign the request, so the
// console's DuckDB reaches S3 with placeholder keys; otherwise the AWS signature decides (Signature V4, then V2).
// A request with neither is refused: the gateway serves no one anonymously.
import type { AuthService, Principal } from '../auth/service';
import { accessDenied } from './s3-errors';
import { announcedPayload, type SigningInput, type VerifiedRequest } from './signing';
import { isSigV2, verifySigV2 } from './sigv2';
import { isSigV4, verifySigV4 } from './sigv4';

/** The caller the console's session names, as the HTTP layer found it. */
export interface GatewaySession {
  principal: Principal;
  /** Why the session may not make this request (a cookie-signed write from another origin), when it may not. */
  refusal?: string;
}

function verifySignature(auth: AuthService, input: SigningInput, now: number): Promise<VerifiedRequest> {
  const authorization = input.headers.get('authorization');
  const query = new Map(input.query);
  if (isSigV4(authorization, query)) return verifySigV4(auth, input, now);
  if (isSigV2(authorization, query)) return verifySigV2(auth, input, now);
  throw accessDenied('Access Denied: sign the request with an access key, or sign in to the console');
}

/**
 * The caller and how the body is to be checked. A session that may not act here is no caller, but a valid signature
 * still is one (the cookie adds nothing to it); when that fails too, the session's refusal is the clearer answer.
 */
export async function authenticate(auth: AuthService, input: SigningInput, now: number, session?: GatewaySession): Promise<VerifiedRequest> {
  if (session && session.refusal === undefined) return { principal: session.principal, payload: announcedPayload(input) };
  try {
    return await verifySignature(auth, input, now);
  } catch (err) {
    if (session?.refusal !== undefined) throw accessDenied(session.refusal);
    throw err;
  }
}
