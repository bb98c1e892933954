import type pg from 'pg';

/**
 * The schema's history, oldest first: migration N (1-based) takes the database from version N-1 to N. Append new
 * steps; never edit one that has shipped, since databases already ran it.
 */
const migrations: readonly string[] = [
  'CREATE TABLE tarn_kv (key bytea PRIMARY KEY, value bytea NOT NULL)',
  // The ids of live events (server/events/postgres-bus.ts): unique and ordered across the servers.
  'CREATE SEQUENCE tarn_event_ids',
];

export const schemaVersion = migrations.length;

/** Any constant works; it only has to be the same in every Tarn process. */
const MIGRATION_LOCK = 0x7461726e;

/**
 * Creates or upgrades the schema to this server's version. Servers starting together on one database take an
 * advisory lock, so exactly one runs each step; a database newer than this server is refused, not downgraded.
 */
export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS tarn_schema_version (version integer NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM tarn_schema_version');
    const current = rows[0]?.version ?? 0;
    if (current > schemaVersion) {
      throw new Error(`the database's schema is version ${current}, newer than this server's (${schemaVersion}); upgrade Tarn`);
    }
    for (const step of migrations.slice(current)) await client.query(step);
    if (rows.length === 0) await client.query('INSERT INTO tarn_schema_version (version) VALUES ($1)', [schemaVersion]);
    else await client.query('UPDATE tarn_schema_version SET version = $1', [schemaVersion]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
