// The request bodies of lakeFS's external-authenticator calls (external principals, STS login). Tarn has no external
// authenticator and answers those calls 501, but checks their bodies first, as lakeFS does.
import { z } from '@hono/zod-openapi';

/** Passed on, as given, to the external authenticator. */
const opaque = z.record(z.string(), z.unknown());

export const ExternalLoginInformation = z
  .object({
    token_expiration_duration: z.number().int().optional(),
    identityRequest: opaque,
  })
  .openapi('ExternalLoginInformation');
export type ExternalLoginInformation = z.input<typeof ExternalLoginInformation>;

export const StsAuthRequest = z
  .object({
    code: z.string({ message: 'code is required' }),
    state: z.string({ message: 'state is required' }),
    redirect_uri: z.string({ message: 'redirect_uri is required' }),
    /** Seconds. */
    ttl_seconds: z.number().int().optional(),
  })
  .openapi('StsAuthRequest');
export type StsAuthRequest = z.input<typeof StsAuthRequest>;

export const ExternalPrincipalCreation = z.object({ settings: opaque.optional() }).openapi('ExternalPrincipalCreation');
export type ExternalPrincipalCreation = z.input<typeof ExternalPrincipalCreation>;
