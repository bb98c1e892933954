// A repository's settings over the catalog.
import { gcGracePeriodSeconds, type Catalog, type GcRules } from '../../../catalog';
import type { AppRouteHandler } from '../../router';
import { gcRulesJson, repositoryJson } from '../../serialize';
import type * as wire from '../../wire';
import type * as routes from './routes';

/** The ETag of "no rules yet": a client sends it back as `If-Match: ""`. */
const noChecksum = '""';

/** `If-Match` as sent: bare or quoted, `""` (or empty) meaning "only if there are no rules yet". */
function ifMatchValue(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
}

const gcRulesOf = (body: wire.GarbageCollectionRules): GcRules => ({
  defaultRetentionDays: body.default_retention_days,
  branches: body.branches.map((b) => ({ branchId: b.branch_id, retentionDays: b.retention_days })),
});

export function settingsHandlers(catalog: Catalog) {
  const setReadOnly: AppRouteHandler<typeof routes.setReadOnly> = async (c) => {
    const { repository } = c.req.valid('param');
    const { read_only } = c.req.valid('json');
    return c.json(repositoryJson(await catalog.store.setReadOnly(repository, read_only)), 200);
  };

  const getBranchProtection: AppRouteHandler<typeof routes.getBranchProtection> = async (c) => {
    const { patterns, checksum } = await catalog.store.getBranchProtection(c.req.valid('param').repository);
    return c.json(
      patterns.map((pattern) => ({ pattern })),
      200,
      { ETag: checksum === '' ? noChecksum : checksum },
    );
  };

  const setBranchProtection: AppRouteHandler<typeof routes.setBranchProtection> = async (c) => {
    const { repository } = c.req.valid('param');
    const rules = c.req.valid('json');
    const ifMatch = ifMatchValue(c.req.valid('header')['if-match']);
    await catalog.store.setBranchProtection(
      repository,
      rules.map((r) => r.pattern),
      ifMatch,
    );
    return c.body(null, 204);
  };

  const listProtectionRules: AppRouteHandler<typeof routes.listProtectionRules> = async (c) => {
    const { patterns } = await catalog.store.getBranchProtection(c.req.valid('param').repository);
    return c.json(
      patterns.map((pattern) => ({ pattern })),
      200,
    );
  };

  const createProtectionRule: AppRouteHandler<typeof routes.createProtectionRule> = async (c) => {
    await catalog.store.addBranchProtectionRule(c.req.valid('param').repository, c.req.valid('json').pattern);
    return c.body(null, 204);
  };

  const deleteProtectionRule: AppRouteHandler<typeof routes.deleteProtectionRule> = async (c) => {
    await catalog.store.deleteBranchProtectionRule(c.req.valid('param').repository, c.req.valid('json').pattern);
    return c.body(null, 204);
  };

  /** The preflights: the caller is signed in and the repository exists. */
  const allowed = async (repository: string) => {
    await catalog.store.getRepository(repository);
  };

  const protectionSetAllowed: AppRouteHandler<typeof routes.protectionSetAllowed> = async (c) => {
    await allowed(c.req.valid('param').repository);
    return c.body(null, 204);
  };

  const gcRulesSetAllowed: AppRouteHandler<typeof routes.gcRulesSetAllowed> = async (c) => {
    await allowed(c.req.valid('param').repository);
    return c.body(null, 204);
  };

  const getGcRules: AppRouteHandler<typeof routes.getGcRules> = async (c) =>
    c.json(gcRulesJson(await catalog.store.getGcRules(c.req.valid('param').repository)), 200);

  const setGcRules: AppRouteHandler<typeof routes.setGcRules> = async (c) => {
    await catalog.store.setGcRules(c.req.valid('param').repository, gcRulesOf(c.req.valid('json')));
    return c.body(null, 204);
  };

  const setGcRulesOlder: AppRouteHandler<typeof routes.setGcRulesOlder> = async (c) => {
    await catalog.store.setGcRules(c.req.valid('param').repository, gcRulesOf(c.req.valid('json')));
    return c.body(null, 204);
  };

  const deleteGcRules: AppRouteHandler<typeof routes.deleteGcRules> = async (c) => {
    await catalog.store.deleteGcRules(c.req.valid('param').repository);
    return c.body(null, 204);
  };

  const getGarbageCollectionConfig: AppRouteHandler<typeof routes.getGarbageCollectionConfig> = (c) =>
    c.json({ grace_period: gcGracePeriodSeconds }, 200);

  return {
    setReadOnly,
    getBranchProtection,
    setBranchProtection,
    listProtectionRules,
    createProtectionRule,
    deleteProtectionRule,
    protectionSetAllowed,
    gcRulesSetAllowed,
    getGcRules,
    setGcRules,
    setGcRulesOlder,
    deleteGcRules,
    getGarbageCollectionConfig,
  };
}
