// Repository administration: the repository's own metadata map, the dump and restore of its refs (at once, or as
// tasks), and where its committed tree files are stored.
import { z } from '@hono/zod-openapi';

const stringMap = z.record(z.string(), z.string({ message: 'metadata values must be strings' }));

export const RepositoryMetadata = stringMap.openapi('RepositoryMetadata');
export type RepositoryMetadata = z.output<typeof RepositoryMetadata>;

export const RepositoryMetadataSet = z.object({ metadata: stringMap }).openapi('RepositoryMetadataSet');
export type RepositoryMetadataSet = z.input<typeof RepositoryMetadataSet>;

export const RepositoryMetadataKeys = z
  .object({ keys: z.array(z.string()).max(1000, { message: 'at most 1000 keys per call' }) })
  .openapi('RepositoryMetadataKeys');
export type RepositoryMetadataKeys = z.input<typeof RepositoryMetadataKeys>;

const dumpFields = {
  commits_meta_range_id: z.string(),
  tags_meta_range_id: z.string(),
  branches_meta_range_id: z.string(),
};

/** The ids of a dump's files in the repository's namespace. */
export const RefsDump = z.object(dumpFields).openapi('RefsDump');
export type RefsDump = z.output<typeof RefsDump>;

export const RefsRestore = z
  .object({ ...dumpFields, force: z.boolean().optional() })
  .openapi('RefsRestore');
export type RefsRestore = z.input<typeof RefsRestore>;

export const TaskInfo = z.object({ id: z.string() }).openapi('TaskInfo');
export type TaskInfo = z.output<typeof TaskInfo>;

const taskFields = {
  id: z.string(),
  done: z.boolean(),
  update_time: z.string().openapi({ format: 'date-time' }),
  error: z.string().optional(),
};

export const RepositoryDumpStatus = z.object({ ...taskFields, refs: RefsDump.optional() }).openapi('RepositoryDumpStatus');
export type RepositoryDumpStatus = z.output<typeof RepositoryDumpStatus>;

export const RepositoryRestoreStatus = z.object(taskFields).openapi('RepositoryRestoreStatus');
export type RepositoryRestoreStatus = z.output<typeof RepositoryRestoreStatus>;

/** A URI in the block store (`local://...`). */
export const StorageURI = z.object({ location: z.string() }).openapi('StorageURI');
export type StorageURI = z.output<typeof StorageURI>;
