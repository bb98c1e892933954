import { useEffect, useState } from 'react';
import { Alert, CloseButton } from '@chakra-ui/react';
import type { Repository } from '../../api/types';
import { hasGcRules } from './gc-rules';
import { dismissGcWarning, gcWarningApplies, isGcWarningDismissed } from './gc-warning';

export interface GcWarningBannerProps {
  repo: Repository;
}

/**
 * Warns that a repository on object storage has no garbage-collection rules (spec 1 §9). The rules are only
 * fetched for repositories the warning can apply to; a failed check shows nothing rather than a false alarm.
 */
export function GcWarningBanner({ repo }: GcWarningBannerProps) {
  const [missingRules, setMissingRules] = useState(false);
  const [dismissed, setDismissed] = useState(() => isGcWarningDismissed(repo.id));
  const applies = gcWarningApplies({
    storageNamespace: repo.storage_namespace,
    creationDate: repo.creation_date,
    now: Date.now() / 1000,
  });

  useEffect(() => {
    setDismissed(isGcWarningDismissed(repo.id));
    setMissingRules(false);
    if (!applies || isGcWarningDismissed(repo.id)) return;
    const controller = new AbortController();
    hasGcRules(repo.id, controller.signal).then(
      (has) => setMissingRules(!has),
      () => undefined,
    );
    return () => controller.abort();
  }, [repo.id, applies]);

  if (!applies || dismissed || !missingRules) return null;
  return (
    <Alert.Root status="warning" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          <strong>Warning:</strong> No garbage collection rules configured for this repository. Objects deleted
          from its branches stay in storage until rules are set.
        </Alert.Description>
      </Alert.Content>
      <CloseButton
        size="sm"
        aria-label="Dismiss garbage collection warning"
        onClick={() => {
          dismissGcWarning(repo.id);
          setDismissed(true);
        }}
      />
    </Alert.Root>
  );
}
