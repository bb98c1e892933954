import { Alert, Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuRefreshCw } from 'react-icons/lu';
import { movedNotice, type BranchMovedActorRef } from '../../machines/branch-moved/machine';

/** "main moved: 3 new commits", with the button that shows the new head: a listing never jumps by itself. */
export function BranchMovedNotice({ notice }: { notice: BranchMovedActorRef }) {
  const text = useSelector(notice, (s) => (s.matches('moved') ? movedNotice(s.context) : undefined));
  if (text === undefined) return null;
  return (
    <Alert.Root status="info" alignItems="center" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={() => notice.send({ type: 'moved.refresh' })}>
        <LuRefreshCw />
        Show the new commits
      </Button>
    </Alert.Root>
  );
}
