// Installation facts: Tarn's version, one block store, the RBAC mode, no custom viewers or feature flags; statistics
// are dropped.
import type { RbacMode } from '../../../auth';
import type { StorageConfig } from '../../../catalog';
import type { AppRouteHandler } from '../../router';
import type * as wire from '../../wire';
import type * as routes from './routes';

export interface VersionInfo {
  version: string;
  /** The RBAC mode, which the console also reads here to show policies or ACLs. */
  rbac: RbacMode;
}

export function configHandlers(storage: StorageConfig, { version, rbac }: VersionInfo) {
  const versionConfig: wire.VersionConfig = {
    version,
    version_context: 'tarn',
    latest_version: version,
    upgrade_recommended: false,
    upgrade_url: '',
  };
  const config: wire.Config = {
    version_config: versionConfig,
    storage_config: storage,
    storage_config_list: [storage],
    ui_config: { custom_viewers: [], RBAC: rbac },
    capabilities_config: {},
  };

  const getConfig: AppRouteHandler<typeof routes.getConfig> = (c) => c.json(config, 200);
  const getVersionConfig: AppRouteHandler<typeof routes.getVersionConfig> = (c) => c.json(versionConfig, 200);
  const getStorageConfig: AppRouteHandler<typeof routes.getStorageConfig> = (c) => c.json(storage, 200);
  const healthCheck: AppRouteHandler<typeof routes.healthCheck> = (c) => c.body(null, 204);
  // The body has been validated on the way in; there is nothing to keep.
  const postStatistics: AppRouteHandler<typeof routes.postStatistics> = (c) => c.body(null, 204);

  return { getConfig, getVersionConfig, getStorageConfig, healthCheck, postStatistics };
}
