// A repository's settings: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { settingsHandlers } from './handlers';
import * as routes from './routes';

export function settingsRouter(catalog: Catalog): Router {
  const handle = settingsHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.setReadOnly, handle.setReadOnly);
  router.openapi(routes.getBranchProtection, handle.getBranchProtection);
  router.openapi(routes.setBranchProtection, handle.setBranchProtection);
  router.openapi(routes.listProtectionRules, handle.listProtectionRules);
  router.openapi(routes.createProtectionRule, handle.createProtectionRule);
  router.openapi(routes.deleteProtectionRule, handle.deleteProtectionRule);
  router.openapi(routes.protectionSetAllowed, handle.protectionSetAllowed);
  router.openapi(routes.getGcRules, handle.getGcRules);
  router.openapi(routes.setGcRules, handle.setGcRules);
  router.openapi(routes.deleteGcRules, handle.deleteGcRules);
  router.openapi(routes.getGcRulesOlder, handle.getGcRules);
  router.openapi(routes.setGcRulesOlder, handle.setGcRulesOlder);
  router.openapi(routes.deleteGcRulesOlder, handle.deleteGcRules);
  router.openapi(routes.gcRulesSetAllowed, handle.gcRulesSetAllowed);
  router.openapi(routes.getGarbageCollectionConfig, handle.getGarbageCollectionConfig);
  return router;
}
