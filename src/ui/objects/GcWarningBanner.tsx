import { Alert, CloseButton } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { GcWarningActorRef } from '../../machines/gc-warning';

export interface GcWarningBannerProps {
  /** The objects page's warning of its repository (see docs/behaviour.md, Objects page). */
  warning: GcWarningActorRef;
}

/** Warns that a repository on object storage has no garbage-collection rules, until dismissed. */
export function GcWarningBanner({ warning }: GcWarningBannerProps) {
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
