import { Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuShieldQuestion } from 'react-icons/lu';
import { useActorRef } from '../../lib/root-actors';
import { liveWhoCanMachine } from '../../machines/who-can';
import { lazyDialog } from '../components/lazyDialog';

// Fetched after the first paint (lazyDialog): the answer is none of the page's first paint.
const WhoCanDialog = lazyDialog(
  () => import('./WhoCanDialog').then((m) => m.WhoCanDialog),
  ({ whoCan }) => useSelector(whoCan, (s) => !s.matches('closed')),
);

/**
 * "Who can do this?": a button that lists the users and groups allowed to read and to write a repository's objects,
 * or one object, as the server's evaluator decides.
 */
export function WhoCanButton({ repoId, path }: { repoId: string; path?: string }) {
  const whoCan = useActorRef(liveWhoCanMachine, { input: { repoId, path } });
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => whoCan.send({ type: 'whoCan.open' })}>
        <LuShieldQuestion />
        Who can do this?
      </Button>
      <WhoCanDialog whoCan={whoCan} />
    </>
  );
}
