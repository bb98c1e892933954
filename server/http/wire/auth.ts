// Logging in, the calling user, and what the auth service can do.
import { z } from '@hono/zod-openapi';

export const LoginInformation = z
  .object({
    access_key_id: z.string({ message: 'access_key_id is required' }).min(1, { message: 'access_key_id is required' }),
    secret_access_key: z
      .string({ message: 'secret_access_key is required' })
      .min(1, { message: 'secret_access_key is required' }),
  })
  .openapi('LoginInformation');
export type LoginInformation = z.input<typeof LoginInformation>;

export const AuthenticationToken = z
  .object({ token: z.string(), token_expiration: z.number().int().optional() })
  .openapi('AuthenticationToken');
export type AuthenticationToken = z.output<typeof AuthenticationToken>;

export const AuthCapabilities = z
  .object({ invite_user: z.boolean().optional(), forgot_password: z.boolean().optional() })
  .openapi('AuthCapabilities');
export type AuthCapabilities = z.output<typeof AuthCapabilities>;

export const User = z
  .object({
    id: z.string(),
    creation_date: z.number().int(),
    friendly_name: z.string().optional(),
    email: z.string().optional(),
    accessKeyId: z
      .string()
      .optional()
      .openapi({ description: 'Tarn only: the access key the session or request uses; sent by GET /user.' }),
  })
  .openapi('User');
export type User = z.output<typeof User>;

export const CurrentUser = z.object({ user: User }).openapi('CurrentUser');
export type CurrentUser = z.output<typeof CurrentUser>;
