// Dev only (imported dynamically from src/main.tsx under import.meta.env.DEV, so a production build leaves it out).
import type { ReactNode } from 'react';
import { setRootInspector } from '../../lib/root-actors';
import { InspectorPanel } from './InspectorPanel';
import { createInspectorStore } from './store';

/** Makes every root actor created from now on report to a new inspector, and returns its panel. */
export function startInspector(): ReactNode {
  const store = createInspectorStore();
  setRootInspector(store.inspect);
  return <InspectorPanel store={store} />;
}
