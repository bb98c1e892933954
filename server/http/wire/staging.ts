// Presigned transfers: where a client uploads an object itself, how it then links the object to a path, and the
// multipart variant whose parts go to presigned addresses (lakeFS's `/staging/backing` and `/staging/pmpu`).
import { z } from '@hono/zod-openapi';

export const StagingLocation = z
  .object({
    /** Signed by the server: linked only as given, to the repository it was issued for, within a day. */
    physical_address: z.string().optional(),
    presigned_url: z.string().nullable().optional(),
    /** Unix seconds. */
    presigned_url_expiry: z.number().int().optional(),
  })
  .openapi('StagingLocation');
export type StagingLocation = z.output<typeof StagingLocation>;

const userMetadata = z.record(z.string(), z.string({ message: 'metadata values must be strings' }));

export const StagingMetadata = z
  .object({
    staging: StagingLocation,
    checksum: z.string({ message: 'checksum is required' }),
    size_bytes: z.number({ message: 'size_bytes is required' }).int().min(0),
    user_metadata: userMetadata.optional(),
    content_type: z.string().optional(),
    /** Unix seconds. */
    mtime: z.number().int().optional(),
    force: z.boolean().optional(),
  })
  .openapi('StagingMetadata');
export type StagingMetadata = z.input<typeof StagingMetadata>;

export const PresignMultipartUpload = z
  .object({
    upload_id: z.string(),
    physical_address: z.string(),
    /** One address per part, part 1 first. */
    presigned_urls: z.array(z.string()).optional(),
  })
  .openapi('PresignMultipartUpload');
export type PresignMultipartUpload = z.output<typeof PresignMultipartUpload>;

export const UploadPart = z
  .object({
    part_number: z.number({ message: 'part_number is required' }).int().min(1).max(10_000),
    etag: z.string({ message: 'etag is required' }),
  })
  .openapi('UploadPart');
export type UploadPart = z.input<typeof UploadPart>;

export const CompletePresignMultipartUpload = z
  .object({
    physical_address: z.string({ message: 'physical_address is required' }),
    parts: z.array(UploadPart).min(1, { message: 'parts must not be empty' }).max(10_000),
    user_metadata: userMetadata.optional(),
    content_type: z.string().optional(),
  })
  .openapi('CompletePresignMultipartUpload');
export type CompletePresignMultipartUpload = z.input<typeof CompletePresignMultipartUpload>;

export const AbortPresignMultipartUpload = z
  .object({ physical_address: z.string({ message: 'physical_address is required' }) })
  .openapi('AbortPresignMultipartUpload');
export type AbortPresignMultipartUpload = z.input<typeof AbortPresignMultipartUpload>;

/** Which multipart upload a part belongs to: its address, as its create call answered it. */
export const UploadPartFrom = z
  .object({ physical_address: z.string({ message: 'physical_address is required' }) })
  .openapi('UploadPartFrom');
export type UploadPartFrom = z.input<typeof UploadPartFrom>;

/** Where to upload one part: a presigned PUT address. */
export const UploadTo = z.object({ presigned_url: z.string() }).openapi('UploadTo');
export type UploadTo = z.output<typeof UploadTo>;

export const CopyPartSource = z
  .object({
    repository: z.string({ message: 'repository is required' }),
    ref: z.string({ message: 'ref is required' }),
    path: z.string({ message: 'path is required' }),
    /** One range, as lakeFS's pattern writes it (`bytes=0-1023`); the whole object when absent. */
    range: z
      .string()
      .regex(/^bytes=((\d*-\d*,? ?)+)$/, { message: 'must look like bytes=start-end' })
      .optional(),
  })
  .openapi('CopyPartSource');
export type CopyPartSource = z.input<typeof CopyPartSource>;

/** lakeFS declares it as UploadPartFrom with the copy's source. */
export const UploadPartCopyFrom = UploadPartFrom.extend({ copy_source: CopyPartSource }).openapi('UploadPartCopyFrom');
export type UploadPartCopyFrom = z.input<typeof UploadPartCopyFrom>;
