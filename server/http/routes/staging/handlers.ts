// Presigned transfers over the catalog: addresses out, links in. The bytes never pass through this server.
import type { Catalog } from '../../../catalog';
import { badRequest } from '../../../errors';
import { parseRange } from '../../range';
import type { AppRouteHandler } from '../../router';
import { objectStatsJson } from '../../serialize';
import { uploadConditions } from '../objects/headers';
import type * as routes from './routes';

export function stagingHandlers(catalog: Catalog) {
  const getStagingLocation: AppRouteHandler<typeof routes.getStagingLocation> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const { presign } = c.req.valid('query');
    const location = await catalog.getStagingLocation(repository, branch, { presign: presign ?? false });
    return c.json(
      {
        physical_address: location.physicalAddress,
        ...(location.presignedUrl !== undefined ? { presigned_url: location.presignedUrl, presigned_url_expiry: location.presignedUrlExpiry } : {}),
      },
      200,
    );
  };

  const linkPhysicalAddress: AppRouteHandler<typeof routes.linkPhysicalAddress> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const { path } = c.req.valid('query');
    const body = c.req.valid('json');
    const linked = await catalog.linkPhysicalAddress(repository, branch, path, {
      ...uploadConditions(c),
      physicalAddress: body.staging.physical_address ?? '',
      checksum: body.checksum,
      sizeBytes: body.size_bytes,
      contentType: body.content_type ?? '',
      metadata: body.user_metadata ?? {},
      ...(body.mtime !== undefined ? { mtime: body.mtime } : {}),
      force: body.force ?? false,
    });
    return c.json(objectStatsJson(path, linked.entry, linked.physicalAddress, true), 200);
  };

  const createPresignMultipartUpload: AppRouteHandler<typeof routes.createPresignMultipartUpload> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const { parts } = c.req.valid('query');
    const upload = await catalog.createPresignedMultipartUpload(repository, branch, parts ?? 0);
    // As lakeFS: without parts asked for, no list (the client asks for each part's address with uploadPart).
    const urls = upload.presignedUrls.length > 0 ? { presigned_urls: upload.presignedUrls } : {};
    return c.json({ upload_id: upload.uploadId, physical_address: upload.physicalAddress, ...urls }, 201);
  };

  const completePresignMultipartUpload: AppRouteHandler<typeof routes.completePresignMultipartUpload> = async (c) => {
    const { repository, branch, uploadId } = c.req.valid('param');
    const { path } = c.req.valid('query');
    const body = c.req.valid('json');
    const linked = await catalog.completePresignedMultipartUpload(repository, branch, path, uploadId, {
      ...uploadConditions(c),
      physicalAddress: body.physical_address,
      parts: body.parts.map((p) => ({ partNumber: p.part_number, etag: p.etag })),
      contentType: body.content_type ?? '',
      metadata: body.user_metadata ?? {},
    });
    return c.json(objectStatsJson(path, linked.entry, linked.physicalAddress, true), 200);
  };

  const abortPresignMultipartUpload: AppRouteHandler<typeof routes.abortPresignMultipartUpload> = async (c) => {
    const { repository, branch, uploadId } = c.req.valid('param');
    await catalog.abortPresignedMultipartUpload(repository, branch, uploadId, c.req.valid('json').physical_address);
    return c.body(null, 204);
  };

  const uploadPart: AppRouteHandler<typeof routes.uploadPart> = async (c) => {
    const { repository, branch, uploadId, partNumber } = c.req.valid('param');
    const url = await catalog.presignUploadPart(repository, branch, uploadId, partNumber, c.req.valid('json').physical_address);
    return c.json({ presigned_url: url }, 200);
  };

  const uploadPartCopy: AppRouteHandler<typeof routes.uploadPartCopy> = async (c) => {
    const { repository, branch, uploadId, partNumber } = c.req.valid('param');
    const { physical_address, copy_source } = c.req.valid('json');
    const etag = await catalog.copyUploadPart(
      repository,
      branch,
      { uploadId, partNumber, physicalAddress: physical_address },
      { repository: copy_source.repository, ref: copy_source.ref, path: copy_source.path },
      (size) => copyRange(copy_source.range, size),
    );
    c.header('ETag', etag);
    return c.body(null, 204);
  };

  return {
    getStagingLocation,
    linkPhysicalAddress,
    createPresignMultipartUpload,
    completePresignMultipartUpload,
    abortPresignMultipartUpload,
    uploadPart,
    uploadPartCopy,
  };
}

/** The one byte range of a part copy; a range that is not one, or that misses the object, is the client's fault. */
function copyRange(range: string | undefined, size: number): { start: number; end: number } | undefined {
  if (range === undefined) return undefined;
  const parsed = range.includes(',') ? undefined : parseRange(range, size);
  if (!parsed || parsed.kind === 'unsatisfiable') {
    throw badRequest(`invalid request body: copy_source.range: ${parsed?.reason ?? 'a part is copied from one range'}`);
  }
  return parsed.kind === 'whole' ? undefined : { start: parsed.start, end: parsed.end };
}
