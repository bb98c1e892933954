// Repositories: what a repository is on the wire, and what creating one takes.
import { z } from '@hono/zod-openapi';
import { pageOf } from './common';

export const Repository = z
  .object({
    id: z.string(),
    /** Unix seconds. */
    creation_date: z.number().int(),
    default_branch: z.string(),
    storage_id: z.string().optional(),
    storage_namespace: z.string(),
    read_only: z.boolean().optional(),
  })
  .openapi('Repository');
export type Repository = z.output<typeof Repository>;

export const RepositoryList = pageOf(Repository, 'RepositoryList');
export type RepositoryList = z.output<typeof RepositoryList>;

/** No block store takes a longer namespace: S3 keys, the longest kind of namespace prefix, are at most 1024 bytes. */
const maxNamespaceLength = 1024;

export const RepositoryCreation = z
  .object({
    name: z.string({ message: 'name is required' }),
    storage_namespace: z
      .string({ message: 'storage_namespace is required' })
      .regex(/^(s3|gs|https?|mem|local|transient):\/\/.*$/, { message: 'must be a URI such as local://name' })
      .max(maxNamespaceLength, { message: `must be at most ${maxNamespaceLength} characters` }),
    default_branch: z.string().optional(),
    sample_data: z.boolean().optional(),
    read_only: z.boolean().optional(),
    storage_id: z.string().optional(),
  })
  .openapi('RepositoryCreation');
export type RepositoryCreation = z.input<typeof RepositoryCreation>;
