import { useEffect, useState } from 'react';
import { getConfig } from '../../api/config';
import type { VersionConfig } from '../../api/types';

/** The server's version information from GET /config; undefined until it arrives or if it cannot be read. */
export function useVersionConfig(): VersionConfig | undefined {
  const [version, setVersion] = useState<VersionConfig>();
  useEffect(() => {
    const controller = new AbortController();
    getConfig(controller.signal).then(
      (config) => setVersion(config.version_config),
      // The version line is informative only; the shell stays usable without it.
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return version;
}
