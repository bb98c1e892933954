// Objects: their stats (a listing row is an object or a common prefix), and bulk deletion.
import { z } from '@hono/zod-openapi';
import { pageOf } from './common';

export const PathType = z.enum(['common_prefix', 'object']);
export type PathType = z.output<typeof PathType>;

export const ObjectStats = z
  .object({
    path: z.string(),
    path_type: PathType,
    physical_address: z.string(),
    physical_address_expiry: z.number().int().optional(),
    checksum: z.string(),
    size_bytes: z.number().int().optional(),
    /** Unix seconds. */
    mtime: z.number().int(),
    metadata: z.record(z.string(), z.string()).optional(),
    content_type: z.string().optional(),
  })
  .openapi('ObjectStats');
export type ObjectStats = z.output<typeof ObjectStats>;

export const ObjectStatsList = pageOf(ObjectStats, 'ObjectStatsList');
export type ObjectStatsList = z.output<typeof ObjectStatsList>;

export const PathList = z
  .object({
    paths: z
      .array(z.string().min(1, { message: 'paths must not be empty strings' }))
      .max(1000, { message: 'at most 1000 paths per call' }),
  })
  .openapi('PathList');
export type PathList = z.input<typeof PathList>;

export const ObjectError = z
  .object({ status_code: z.number().int(), message: z.string(), path: z.string().optional() })
  .openapi('ObjectError');
export type ObjectError = z.output<typeof ObjectError>;

export const ObjectErrorList = z.object({ errors: z.array(ObjectError) }).openapi('ObjectErrorList');
export type ObjectErrorList = z.output<typeof ObjectErrorList>;

/**
 * Tarn's file finder (GET .../refs/{ref}/objects/find?q=): an object whose path contains the query, case-insensitively,
 * in path order. A page may hold fewer than `amount` results with `has_more` true: the scan stops after a time budget
 * and `next_offset` is then the last path it looked at (not necessarily a result), the `after` to continue from.
 */
export const FoundObject = z
  .object({
    path: z.string(),
    size_bytes: z.number().int(),
    /** Unix seconds. */
    mtime: z.number().int(),
    content_type: z.string().optional(),
  })
  .openapi('FoundObject');
export type FoundObject = z.output<typeof FoundObject>;

export const FoundObjectList = pageOf(FoundObject, 'FoundObjectList');
export type FoundObjectList = z.output<typeof FoundObjectList>;

export const ObjectCopyCreation = z
  .object({
    src_path: z.string({ message: 'src_path is required' }).min(1, { message: 'src_path is required' }),
    src_ref: z.string().regex(/^[^\s]+$/, { message: 'must be a ref without whitespace' }).optional(),
    force: z.boolean().optional(),
    shallow: z.boolean().optional(),
  })
  .openapi('ObjectCopyCreation');
export type ObjectCopyCreation = z.input<typeof ObjectCopyCreation>;

/** The object's new user metadata: it replaces all of the old. */
export const UpdateObjectUserMetadata = z
  .object({ set: z.record(z.string(), z.string({ message: 'metadata values must be strings' })) })
  .openapi('UpdateObjectUserMetadata');
export type UpdateObjectUserMetadata = z.input<typeof UpdateObjectUserMetadata>;

/** Data already written to the repository's namespace, linked to a path (lakeFS's deprecated stageObject). */
export const ObjectStageCreation = z
  .object({
    physical_address: z
      .string({ message: 'physical_address is required' })
      .min(1, { message: 'physical_address is required' })
      .openapi({ description: 'A full address inside the repository’s storage namespace' }),
    checksum: z.string({ message: 'checksum is required' }),
    size_bytes: z.number({ message: 'size_bytes is required' }).int().nonnegative(),
    /** Unix seconds. */
    mtime: z.number().int().nonnegative().optional(),
    metadata: z.record(z.string(), z.string({ message: 'metadata values must be strings' })).optional(),
    content_type: z.string().optional(),
    force: z.boolean().optional(),
  })
  .openapi('ObjectStageCreation');
export type ObjectStageCreation = z.input<typeof ObjectStageCreation>;

/** How the block store keeps an object's data. */
export const UnderlyingObjectProperties = z
  .object({
    storage_class: z.string().nullable().optional().openapi({ description: 'Null where the block store has no storage classes' }),
  })
  .openapi('UnderlyingObjectProperties');
export type UnderlyingObjectProperties = z.output<typeof UnderlyingObjectProperties>;
