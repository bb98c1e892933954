import type { VersionConfig } from '../../api/types';
import { useServerConfig } from '../components/useServerConfig';

/** The server's version information; undefined until it arrives or when it cannot be read (it is informative only). */
export function useVersionConfig(): VersionConfig | undefined {
  return useServerConfig().config?.version_config;
}
