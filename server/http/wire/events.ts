// The live stream of a repository (GET /repositories/{repository}/events): server-sent events, each `data:` one of
// these as JSON and each with an `id:` to resume from (Last-Event-ID).
import { z } from '@hono/zod-openapi';

export const branchEventCauses = ['create', 'delete', 'commit', 'merge', 'revert', 'cherry-pick', 'import', 'reset'] as const;

export const RepositoryEvent = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('branch'),
      branch: z.string(),
      action: z.enum(['created', 'deleted', 'moved']),
      cause: z.enum(branchEventCauses),
      /** The branch's new head (absent when deleted). */
      commit_id: z.string().optional(),
    }),
    /** Uncommitted changes on a branch: `count` writes gathered since the event before. */
    z.object({ type: z.literal('staging'), branch: z.string(), count: z.number().int() }),
    z.object({
      type: z.literal('run'),
      run_id: z.string(),
      branch: z.string(),
      event_type: z.string(),
      status: z.enum(['running', 'completed', 'failed']),
    }),
    z.object({
      type: z.literal('import'),
      import_id: z.string(),
      branch: z.string(),
      state: z.string(),
      ingested_objects: z.number().int(),
      commit_id: z.string().optional(),
    }),
    /** Events were missed (the stream resumed too late): everything shown must be read again. */
    z.object({ type: z.literal('reload') }),
  ])
  .openapi('RepositoryEvent');
export type RepositoryEvent = z.output<typeof RepositoryEvent>;
