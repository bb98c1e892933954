// The command-line tool's config file, offered for download wherever a secret is shown once: at setup, and when a
// user creates an access key.
import type { CredentialsWithSecret } from '../api/types';

export const LAKECTL_CONFIG_FILE_NAME = '.lakectl.yaml';

/** YAML double-quoted scalar, so keys with ':' or '#' cannot break the file. */
const quoted = (value: string) => JSON.stringify(value);

export function lakectlConfig(credentials: Pick<CredentialsWithSecret, 'access_key_id' | 'secret_access_key'>, origin: string): string {
  return [
    'credentials:',
    `  access_key_id: ${quoted(credentials.access_key_id)}`,
    `  secret_access_key: ${quoted(credentials.secret_access_key)}`,
    'server:',
    `  endpoint_url: ${quoted(`${origin}/api/v1`)}`,
    '',
  ].join('\n');
}

export function lakectlConfigHref(content: string): string {
  return `data:application/yaml;charset=utf-8,${encodeURIComponent(content)}`;
}
