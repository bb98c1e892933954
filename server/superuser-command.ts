// `npm run superuser -- --user NAME`: on the server's machine, a new access key for NAME, printed once — the way
// back in for an administrator who lost their keys, as lakeFS's `lakefs superuser` is. It works on the data folder
// (or the PostgreSQL database) of a running or stopped server.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deriveKeys } from './auth/crypto';
import { loadInstallationKey } from './auth/installation-key';
import { kvRecords } from './auth/kv-records';
import { AuthService, type CredentialsWithSecret } from './auth';
import { ConfigError, defaultConfig, parseDatabaseUrl } from './config';
import { runOperatorCommand, UsageError } from './command-line';
import { TarnError } from './errors';
import { metadataExists, openMetadataStore, sqliteFileName } from './metadata-store';

export const usage = `Usage: npm run superuser -- --user NAME [--access-key-id ID --secret-access-key SECRET] [--data-dir DIR] [--database-url U]

Creates an access key for user NAME and prints it once. A user that does not exist yet is created as an
administrator (a member of Admins); an existing user keeps their groups and policies. Run it on the server's
machine, with the server running or not.

Options:
  --user NAME                the user (required)
  --access-key-id ID         use this access key id (with --secret-access-key), e.g. for an integration test
  --secret-access-key SECRET use this secret (it is then in your shell's history: prefer a generated one)
  --data-dir DIR             the server's data folder (default ./data; env TARN_DATA_DIR)
  --database-url U           the servers' PostgreSQL database, when they use one (env TARN_DATABASE_URL)
  --help                     show this text`;

export interface SuperuserCommand {
  user: string;
  key?: { access_key_id: string; secret_access_key: string };
  dataDir: string;
  databaseUrl?: string;
}

/** A refusal the operator can act on (no Tarn data there, not set up yet, a taken key). */
export class SuperuserRefusedError extends Error {}

export function parseSuperuserCommand(argv: string[], env: NodeJS.ProcessEnv): SuperuserCommand | 'help' {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (name === '--help' || name === '-h') return 'help';
    if (!['--user', '--access-key-id', '--secret-access-key', '--data-dir', '--database-url'].includes(name)) {
      throw new UsageError(`unknown option "${arg}"`);
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new UsageError(`option ${name} needs a value`);
    given.set(name, value);
  }
  const user = given.get('--user');
  if (user === undefined) throw new UsageError('--user is required');
  const accessKeyId = given.get('--access-key-id');
  const secret = given.get('--secret-access-key');
  if ((accessKeyId === undefined) !== (secret === undefined)) {
    throw new UsageError('--access-key-id and --secret-access-key go together');
  }
  const command: SuperuserCommand = {
    user,
    dataDir: resolve(given.get('--data-dir') ?? (env.TARN_DATA_DIR || defaultConfig.dataDir)),
    ...(accessKeyId !== undefined && secret !== undefined ? { key: { access_key_id: accessKeyId, secret_access_key: secret } } : {}),
  };
  const databaseUrl = given.get('--database-url') ?? (env.TARN_DATABASE_URL || undefined);
  if (databaseUrl === undefined) return command;
  try {
    return { ...command, databaseUrl: parseDatabaseUrl(databaseUrl, '--database-url / TARN_DATABASE_URL') };
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.message);
    throw err;
  }
}

export async function runSuperuser(command: SuperuserCommand): Promise<{ credentials: CredentialsWithSecret; createdUser: boolean }> {
  // Opening the database would create an empty one, and a new key would lock the server out of its secrets: a
  // mistyped folder must be an error.
  if (!metadataExists(command)) throw new SuperuserRefusedError(`no Tarn data in ${command.dataDir} (no ${sqliteFileName} there)`);
  const installationKey = loadInstallationKey(command.dataDir);
  if (!installationKey) {
    throw new SuperuserRefusedError(`no installation.key in ${command.dataDir}: run this with the data folder of the server`);
  }
  const kv = await openMetadataStore(command);
  try {
    const auth = new AuthService(kvRecords(kv), deriveKeys(installationKey));
    // A key from another installation would write secrets the server cannot read.
    await auth.claimInstallationKey().catch((err: unknown) => {
      throw new SuperuserRefusedError((err as Error).message);
    });
    return await auth.superuserCredentials(command.user, command.key);
  } finally {
    await kv.close();
  }
}

export function formatCredentials(user: string, result: { credentials: CredentialsWithSecret; createdUser: boolean }): string {
  const who = result.createdUser ? `created user ${user} as an administrator (a member of Admins)` : `added an access key to user ${user}`;
  return [
    who,
    'credentials:',
    `  access_key_id: ${result.credentials.access_key_id}`,
    `  secret_access_key: ${result.credentials.secret_access_key}`,
    'Keep the secret safe: it is not shown again.',
  ].join('\n');
}

async function main(): Promise<void> {
  await runOperatorCommand({
    name: 'superuser',
    usage,
    parse: () => parseSuperuserCommand(process.argv.slice(2), process.env),
    run: async (command) => {
      console.log(formatCredentials(command.user, await runSuperuser(command)));
    },
    refused: (err) => err instanceof SuperuserRefusedError || err instanceof TarnError,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
