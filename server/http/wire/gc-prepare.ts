// lakeFS's garbage-collection preparation: the locations of what a run wrote for its GC job, the status of the
// asynchronous variant, and the paging of the uncommitted listing.
import { z } from '@hono/zod-openapi';
import { ErrorBody } from './common';

export const GarbageCollectionPrepareResponse = z
  .object({
    run_id: z.string(),
    /** Full URI of commits.csv (`commit_id,expired,metarange_id`). */
    gc_commits_location: z.string(),
    /** Full URI of the folder lakeFS's job writes expired addresses to. */
    gc_addresses_location: z.string(),
    /** lakeFS presigns the commits file where its store can; the local block store cannot, so Tarn never sends it. */
    gc_commits_presigned_url: z.string().optional(),
  })
  .openapi('GarbageCollectionPrepareResponse');
export type GarbageCollectionPrepareResponse = z.output<typeof GarbageCollectionPrepareResponse>;

export const PrepareGarbageCollectionCommitsStatus = z
  .object({
    task_id: z.string(),
    completed: z.boolean(),
    update_time: z.string().openapi({ format: 'date-time' }),
    result: GarbageCollectionPrepareResponse.optional(),
    error: ErrorBody.optional(),
  })
  .openapi('PrepareGarbageCollectionCommitsStatus');
export type PrepareGarbageCollectionCommitsStatus = z.output<typeof PrepareGarbageCollectionCommitsStatus>;

export const PrepareGCUncommittedRequest = z
  .object({ continuation_token: z.string({ message: 'continuation_token must be a string' }).optional() })
  .openapi('PrepareGCUncommittedRequest');
export type PrepareGCUncommittedRequest = z.input<typeof PrepareGCUncommittedRequest>;

export const PrepareGCUncommittedResponse = z
  .object({
    run_id: z.string(),
    /** Full URI of the run's folder: one CSV part (`physical_address,creation_date`) per call. */
    gc_uncommitted_location: z.string(),
    /** Present while branches are left to list: send it back to write the run's next part. */
    continuation_token: z.string().optional(),
  })
  .openapi('PrepareGCUncommittedResponse');
export type PrepareGCUncommittedResponse = z.output<typeof PrepareGCUncommittedResponse>;
