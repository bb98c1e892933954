import { Icon } from '@chakra-ui/react';
import { LuCircleCheck, LuCircleX, LuSkipForward, LuTimer } from 'react-icons/lu';
import type { ActionRun, HookRun } from '../../api/types';
import { shownStatus } from '../../machines/action-run/status';

/** docs/behaviour.md, Action runs: completed green, failed red, skipped yellow, anything else (running) orange. */
const LOOK = {
  completed: { icon: LuCircleCheck, color: 'green.600' },
  failed: { icon: LuCircleX, color: 'red.600' },
  skipped: { icon: LuSkipForward, color: 'yellow.500' },
  running: { icon: LuTimer, color: 'orange.500' },
} as const;

export function statusColor(status: ActionRun['status'] | HookRun['status']): string {
  return LOOK[shownStatus(status)].color;
}

/** A run's or hook's status as an icon of its colour, named by the status (tooltip and screen readers). */
export function RunStatusIcon({ status }: { status: ActionRun['status'] | HookRun['status'] }) {
  const shown = shownStatus(status);
  const { icon: StatusIcon, color } = LOOK[shown];
  return (
    <Icon color={color} flexShrink={0} role="img" aria-hidden={false} aria-label={shown} data-status={shown} data-color={color}>
      <StatusIcon title={shown} />
    </Icon>
  );
}
