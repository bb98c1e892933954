import { useEffect, useState } from 'react';
import { getConfig } from '../../api/config';
import type { Config } from '../../api/types';

export interface ServerConfigState {
  config?: Config;
  error?: unknown;
  loading: boolean;
}

/** GET /config once per mounting component: storage and version configuration. */
export function useServerConfig(): ServerConfigState {
  const [state, setState] = useState<ServerConfigState>({ loading: true });
  useEffect(() => {
    const controller = new AbortController();
    getConfig(controller.signal).then(
      (config) => setState({ config, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error, loading: false });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
