// Presigned transfers: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { stagingHandlers } from './handlers';
import * as routes from './routes';

export function stagingRouter(catalog: Catalog): Router {
  const handle = stagingHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.getStagingLocation, handle.getStagingLocation);
  router.openapi(routes.linkPhysicalAddress, handle.linkPhysicalAddress);
  router.openapi(routes.createPresignMultipartUpload, handle.createPresignMultipartUpload);
  router.openapi(routes.completePresignMultipartUpload, handle.completePresignMultipartUpload);
  router.openapi(routes.abortPresignMultipartUpload, handle.abortPresignMultipartUpload);
  router.openapi(routes.uploadPart, handle.uploadPart);
  router.openapi(routes.uploadPartCopy, handle.uploadPartCopy);
  return router;
}
