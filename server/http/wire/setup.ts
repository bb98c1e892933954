// First-run setup: the setup state with the login configuration, creating the first admin (whose credentials are
// shown once), and the communication preferences asked for afterwards.
import { z } from '@hono/zod-openapi';

export const LoginConfig = z
  .object({
    RBAC: z.enum(['none', 'simplified', 'internal', 'external']).optional(),
    username_ui_placeholder: z.string().optional(),
    password_ui_placeholder: z.string().optional(),
    login_url: z.string(),
    login_url_method: z.enum(['none', 'redirect', 'select']).optional(),
    login_failed_message: z.string().optional(),
    fallback_login_url: z.string().optional(),
    fallback_login_label: z.string().optional(),
    login_cookie_names: z.array(z.string()),
    logout_url: z.string(),
  })
  .openapi('LoginConfig');
export type LoginConfig = z.output<typeof LoginConfig>;

export const SetupState = z
  .object({
    state: z.enum(['initialized', 'not_initialized']).optional(),
    comm_prefs_missing: z.boolean().optional(),
    login_config: LoginConfig.optional(),
  })
  .openapi('SetupState');
export type SetupState = z.output<typeof SetupState>;

/** The first admin's own access key, instead of a generated one. */
const AccessKeyCredentials = z
  .object({ access_key_id: z.string().min(1), secret_access_key: z.string().min(1) })
  .openapi('AccessKeyCredentials');

export const Setup = z
  .object({
    username: z.string({ message: 'username is required' }),
    key: AccessKeyCredentials.optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    email: z.string().optional(),
    companyName: z.string().optional(),
    featureUpdates: z.boolean().optional(),
    securityUpdates: z.boolean().optional(),
  })
  .openapi('Setup');
export type Setup = z.input<typeof Setup>;

export const CommPrefsInput = z
  .object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    email: z.string().optional(),
    companyName: z.string().optional(),
    featureUpdates: z.boolean({ message: 'featureUpdates must be a boolean' }),
    securityUpdates: z.boolean({ message: 'securityUpdates must be a boolean' }),
  })
  .openapi('CommPrefsInput');
export type CommPrefsInput = z.input<typeof CommPrefsInput>;

export const CredentialsWithSecret = z
  .object({ access_key_id: z.string(), secret_access_key: z.string(), creation_date: z.number().int() })
  .openapi('CredentialsWithSecret');
export type CredentialsWithSecret = z.output<typeof CredentialsWithSecret>;
