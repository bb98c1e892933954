// Import: ingest objects that already live in storage (a folder under the server's import root, or an S3 prefix)
// into a branch as one commit, without copying their data (lakeFS's `/branches/{branch}/import`).
import { z } from '@hono/zod-openapi';
import { Commit } from './commits';
import { ErrorBody } from './common';

export const importPathTypes = ['common_prefix', 'object'] as const;

export const ImportLocation = z
  .object({
    /** Where the data is: `local://...` under the import root, or `s3://bucket/prefix`. */
    path: z.string({ message: 'path is required' }).min(1, { message: 'path is required' }),
    /** Where it lands in the branch; for a common_prefix, the folder its listing goes under. */
    destination: z.string({ message: 'destination is required' }),
    type: z.enum(importPathTypes, { message: 'type must be common_prefix or object' }),
  })
  .openapi('ImportLocation');
export type ImportLocation = z.input<typeof ImportLocation>;

export const ImportCommit = z
  .object({
    message: z.string({ message: 'commit message is required' }),
    metadata: z.record(z.string(), z.string({ message: 'metadata values must be strings' })).optional(),
  })
  .openapi('ImportCommit');

export const ImportCreation = z
  .object({
    paths: z.array(ImportLocation).min(1, { message: 'paths must not be empty' }).max(10_000),
    commit: ImportCommit,
    /** Import into a read-only repository, as a commit's `force` does (branch protection still applies). */
    force: z.boolean().optional(),
  })
  .openapi('ImportCreation');
export type ImportCreation = z.input<typeof ImportCreation>;

export const ImportCreationResponse = z.object({ id: z.string() }).openapi('ImportCreationResponse');
export type ImportCreationResponse = z.output<typeof ImportCreationResponse>;

export const ImportStatus = z
  .object({
    completed: z.boolean(),
    /** RFC 3339. */
    update_time: z.string(),
    ingested_objects: z.number().int().optional(),
    metarange_id: z.string().optional(),
    /** The import's commit, once completed. */
    commit: Commit.optional(),
    /** Why it failed or was cancelled; absent while it runs or after success. lakeFS's Error. */
    error: ErrorBody.optional(),
  })
  .openapi('ImportStatus');
export type ImportStatus = z.output<typeof ImportStatus>;
