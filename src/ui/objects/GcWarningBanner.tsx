import { useState } from 'react';
import { Alert, CloseButton } from '@chakra-ui/react';
import { useActorRef } from '../../lib/root-actors';
import { useSelector } from '@xstate/react';
import type { Repository } from '../../api/types';
import { gcWarningApplies, isGcWarningDismissed, liveGcWarningMachine } from '../../machines/gc-warning';

export interface GcWarningBannerProps {
  repo: Repository;
}

/**
 * Warns that a repository on object storage has no garbage-collection rules (spec 1 §9). Its machine reads the
 * rules once, and only for a repository the warning can apply to; render it keyed by the repository.
 */
export function GcWarningBanner({ repo }: GcWarningBannerProps) {
  const [input] = useState(() => ({
    repoId: repo.id,
    applies: gcWarningApplies({ storageNamespace: repo.storage_namespace, creationDate: repo.creation_date, now: Date.now() / 1000 }),
    dismissed: isGcWarningDismissed(repo.id),
  }));
  const warning = useActorRef(liveGcWarningMachine, { input });
  const shown = useSelector(warning, (s) => s.matches('shown'));
  if (!shown) return null;
  return (
    <Alert.Root status="warning" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          <strong>Warning:</strong> No garbage collection rules configured for this repository. Objects deleted
          from its branches stay in storage until rules are set.
        </Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss garbage collection warning" onClick={() => warning.send({ type: 'gc.dismiss' })} />
    </Alert.Root>
  );
}
