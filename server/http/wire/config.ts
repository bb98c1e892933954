// Installation facts: the block store's rules, the version, what the console may show, and usage statistics.
import { z } from '@hono/zod-openapi';

export const StorageConfig = z
  .object({
    blockstore_type: z.string(),
    blockstore_namespace_example: z.string(),
    blockstore_namespace_ValidityRegex: z.string(),
    default_namespace_prefix: z.string().optional(),
    pre_sign_support: z.boolean(),
    pre_sign_support_ui: z.boolean(),
    import_support: z.boolean(),
    import_validity_regex: z.string(),
    pre_sign_multipart_upload: z.boolean().optional(),
    blockstore_id: z.string().optional(),
    blockstore_description: z.string().optional(),
  })
  .openapi('StorageConfig');
export type StorageConfig = z.output<typeof StorageConfig>;

export const VersionConfig = z
  .object({
    version: z.string().optional(),
    version_context: z.string().optional(),
    latest_version: z.string().optional(),
    upgrade_recommended: z.boolean().optional(),
    upgrade_url: z.string().optional(),
  })
  .openapi('VersionConfig');
export type VersionConfig = z.output<typeof VersionConfig>;

export const CustomViewer = z
  .object({
    name: z.string(),
    url: z.string(),
    extensions: z.array(z.string()).optional(),
    content_types: z.array(z.string()).optional(),
  })
  .openapi('CustomViewer');
export type CustomViewer = z.output<typeof CustomViewer>;

export const UIConfig = z
  .object({
    custom_viewers: z.array(CustomViewer).optional(),
    /** Tarn's addition: the installation's RBAC mode, as the login configuration reports it. */
    RBAC: z.enum(['none', 'simplified', 'internal', 'external']).optional(),
  })
  .openapi('UIConfig');
export type UIConfig = z.output<typeof UIConfig>;

export const Config = z
  .object({
    version_config: VersionConfig.optional(),
    storage_config: StorageConfig.optional(),
    storage_config_list: z.array(StorageConfig).optional(),
    ui_config: UIConfig.optional(),
    /** Feature flags of a lakeFS installation; Tarn has none to report. */
    capabilities_config: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('Config');
export type Config = z.output<typeof Config>;

const StatsEvent = z.object({ class: z.string(), name: z.string(), count: z.number().int() }).openapi('StatsEvent');

export const StatsEventsList = z.object({ events: z.array(StatsEvent) }).openapi('StatsEventsList');
export type StatsEventsList = z.input<typeof StatsEventsList>;

export const GarbageCollectionConfig = z
  .object({
    /** Seconds: object data younger than this is never collected. */
    grace_period: z.number().int().optional(),
  })
  .openapi('GarbageCollectionConfig');
export type GarbageCollectionConfig = z.output<typeof GarbageCollectionConfig>;

export const UsageReport = z
  .object({ year: z.number().int(), month: z.number().int(), count: z.number().int() })
  .openapi('UsageReport');
export type UsageReport = z.output<typeof UsageReport>;

/** The installation's API calls per month, oldest first. */
export const InstallationUsageReport = z
  .object({ installation_id: z.string(), reports: z.array(UsageReport) })
  .openapi('InstallationUsageReport');
export type InstallationUsageReport = z.output<typeof InstallationUsageReport>;
