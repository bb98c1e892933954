// `npm run gc -- --repo NAME [--dry-run] [--data-dir DIR]`: deletes the object data of a repository that its GC
// rules no longer keep, printing each removed address and the bytes freed (with --dry-run, what it would remove).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openBlockStores } from './block-stores';
import { gcGracePeriodSeconds } from './catalog';
import { ConfigError, defaultConfig, parseDatabaseUrl, readBlockstoreConfig, type BlockstoreConfig } from './config';
import { collectGarbage, GcRefusedError, type CollectReport } from './gc';
import { createGraveler } from './graveler';
import { metadataExists, openMetadataStore, sqliteFileName } from './metadata-store';
import { runOperatorCommand, UsageError } from './command-line';
import { TarnError } from './errors';

export const usage = `Usage: npm run gc -- --repo NAME [--dry-run] [--data-dir DIR] [--database-url U]

Deletes the object data of repository NAME that its garbage-collection rules no longer keep: data that no branch
head, tag, staging area or commit within its branch's retention refers to. Data younger than the grace period
(${gcGracePeriodSeconds / 3600} hours) is left alone.

Options:
  --repo NAME       the repository (required)
  --dry-run         print what would be removed, remove nothing
  --data-dir DIR    the server's data folder (default ./data; env TARN_DATA_DIR)
  --database-url U  the servers' PostgreSQL database, when they use one (env TARN_DATABASE_URL)
  --help            show this text

A repository in S3 is reached with the server's S3 settings from the environment (TARN_S3_*, AWS_*).`;

export interface GcCommand {
  repository: string;
  dryRun: boolean;
  dataDir: string;
  databaseUrl?: string;
  /** How to reach the repository's data (default: the data folder only). */
  blockstore?: BlockstoreConfig;
}

export function parseGcCommand(argv: string[], env: NodeJS.ProcessEnv): GcCommand | 'help' {
  let repository: string | undefined;
  let dryRun = false;
  let dataDir = env.TARN_DATA_DIR || defaultConfig.dataDir;
  let databaseUrl = env.TARN_DATABASE_URL || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => {
      const v = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (v === undefined || v === '') throw new UsageError(`option ${name} needs a value`);
      return v;
    };
    if (name === '--help' || name === '-h') return 'help';
    else if (name === '--dry-run') dryRun = true;
    else if (name === '--repo') repository = value();
    else if (name === '--data-dir') dataDir = value();
    else if (name === '--database-url') databaseUrl = value();
    else throw new UsageError(`unknown option "${arg}"`);
  }
  if (repository === undefined) throw new UsageError('--repo is required');
  let blockstore: BlockstoreConfig;
  try {
    blockstore = readBlockstoreConfig(env);
  } catch (err) {
    throw err instanceof ConfigError ? new UsageError(err.message) : err;
  }
  const location = { repository, dryRun, dataDir: resolve(dataDir), blockstore };
  if (databaseUrl === undefined) return location;
  try {
    return { ...location, databaseUrl: parseDatabaseUrl(databaseUrl, '--database-url / TARN_DATABASE_URL') };
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.message);
    throw err;
  }
}

export function formatReport(r: CollectReport): string[] {
  const verb = r.dryRun ? 'would remove' : 'removed';
  const lines = r.removed.map((o) => `${verb} ${o.address} (${o.size} bytes)`);
  const objects = `${r.removed.length} object${r.removed.length === 1 ? '' : 's'}`;
  lines.push(
    r.dryRun
      ? `dry run: would remove ${objects} of ${r.examined} examined, freeing ${r.bytesFreed} bytes; nothing was deleted`
      : `removed ${objects} of ${r.examined} examined, freed ${r.bytesFreed} bytes`,
    `kept the data of ${r.keptCommits} commits and every staging area; left ${r.young} objects younger than the grace period alone`,
  );
  return lines;
}

export async function runGc(command: GcCommand, print: (line: string) => void): Promise<CollectReport> {
  // Opening the database would create an empty one: a mistyped folder must be an error, not "nothing to collect".
  if (!metadataExists(command)) throw new GcRefusedError(`no Tarn data in ${command.dataDir} (no ${sqliteFileName} there)`);
  const kv = await openMetadataStore(command);
  const { blocks } = openBlockStores(command.dataDir, command.blockstore ?? defaultConfig.blockstore);
  const graveler = createGraveler({ kv, blockstore: blocks });
  try {
    const report = await collectGarbage(graveler, blocks, {
      repository: command.repository,
      dryRun: command.dryRun,
      gracePeriodSeconds: gcGracePeriodSeconds,
    });
    for (const line of formatReport(report)) print(line);
    return report;
  } finally {
    await graveler.close();
    await blocks.close?.();
    await kv.close();
  }
}

async function main(): Promise<void> {
  await runOperatorCommand({
    name: 'gc',
    usage,
    parse: () => parseGcCommand(process.argv.slice(2), process.env),
    run: async (command) => {
      await runGc(command, (line) => console.log(line));
    },
    refused: (err) => err instanceof GcRefusedError || err instanceof TarnError,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
