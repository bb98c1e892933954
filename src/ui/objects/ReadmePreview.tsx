import { lazy, Suspense, use } from 'react';
import type { ReadmeRead } from '../../loaders/objects';

// The card and the markdown rendering under it load once there is a README to show: the listing never waits for them.
const ReadmeCard = lazy(() => import('./ReadmeCard').then((m) => ({ default: m.ReadmeCard })));

export interface ReadmePreviewProps {
  repoId: string;
  refId: string;
  /** The folder's README.md as the route loader reads it; it may settle after the listing has shown. */
  readme: ReadmeRead;
}

/** README.md of the current folder, rendered under the listing once read; nothing when the folder has none. */
export function ReadmePreview(props: ReadmePreviewProps) {
  return (
    <Suspense fallback={null}>
      <Readme {...props} />
    </Suspense>
  );
}

function Readme({ repoId, refId, readme }: ReadmePreviewProps) {
  const result = use(readme());
  if (result.status === 'none') return null;
  return <ReadmeCard repoId={repoId} refId={refId} result={result} />;
}
