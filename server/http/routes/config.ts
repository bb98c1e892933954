// Installation facts for the console: storage rules, version, and the liveness and statistics calls.
import { z } from 'zod';
import type { StorageConfig } from '../../catalog';
import { route, type RouteEntry } from '../route-table';
import { readJsonBody } from '../validation';

export interface VersionInfo {
  version: string;
}

const statsBody = z.object({
  events: z.array(z.object({ class: z.string(), name: z.string(), count: z.number().int() })),
});

export function configRoutes(storage: StorageConfig, version: VersionInfo): RouteEntry[] {
  const versionConfig = {
    version: version.version,
    version_context: 'tarn',
    latest_version: version.version,
    upgrade_recommended: false,
    upgrade_url: '',
  };
  return [
    route(
      { method: 'get', path: '/config', summary: 'Storage and version configuration', tag: 'config', success: { status: 200, schema: 'Config' } },
      (c) =>
        c.json({
          version_config: versionConfig,
          storage_config: storage,
          storage_config_list: [storage],
          ui_config: { custom_viewers: [] },
          capabilities_config: {},
        }),
    ),
    route(
      { method: 'get', path: '/config/version', summary: 'Version configuration (older clients)', tag: 'config', success: { status: 200, schema: 'VersionConfig' } },
      (c) => c.json(versionConfig),
    ),
    route(
      { method: 'get', path: '/config/storage', summary: 'Storage configuration (older clients)', tag: 'config', success: { status: 200, schema: 'StorageConfig' } },
      (c) => c.json(storage),
    ),
    route(
      { method: 'get', path: '/healthcheck', summary: 'Liveness', tag: 'config', public: true, success: { status: 204 } },
      (c) => c.body(null, 204),
    ),
    route(
      { method: 'post', path: '/statistics', summary: 'Usage events (accepted and dropped)', tag: 'config', body: 'StatsEventsList', bodySchema: statsBody, success: { status: 204 } },
      async (c) => {
        await readJsonBody(c, statsBody);
        return c.body(null, 204);
      },
    ),
  ];
}
