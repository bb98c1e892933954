import { Button, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { useSelector } from '@xstate/react';
import type { Principals } from '../../api/types';
import { whoCanResource, type WhoCanActorRef, type WhoCanSnapshot } from '../../machines/who-can';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';

const selectView = (s: WhoCanSnapshot) => ({
  open: !s.matches('closed'),
  loading: s.hasTag('busy'),
  answer: s.context.answer,
  error: s.context.error,
  resource: whoCanResource(s.context),
});

/** The answer of "Who can do this?" (WhoCanButton), open while its machine is. */
export function WhoCanDialog({ whoCan }: { whoCan: WhoCanActorRef }) {
  const view = useSelector(whoCan, selectView);
  return (
    <Dialog.Root open={view.open} onOpenChange={(d) => !d.open && whoCan.send({ type: 'whoCan.close' })} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Who can do this?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
                  {`Users and groups whose effective policies allow it on ${view.resource}`}
                </Text>
                {view.loading ? (
                  <Loading />
                ) : view.error !== undefined ? (
                  <ErrorAlert error={view.error} />
                ) : (
                  view.answer && (
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      <PrincipalsList title="Can read" principals={view.answer.read} />
                      <PrincipalsList title="Can write" principals={view.answer.write} />
                    </SimpleGrid>
                  )
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={() => whoCan.send({ type: 'whoCan.close' })}>Close</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PrincipalsList({ title, principals }: { title: string; principals: Principals }) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Text fontWeight="semibold">{title}</Text>
      <Text fontSize="sm" color="fg.muted">
        Users
      </Text>
      {principals.users.length === 0 ? <Text fontSize="sm">None</Text> : principals.users.map((u) => <Text key={u} fontSize="sm">{u}</Text>)}
      <Text fontSize="sm" color="fg.muted">
        Groups
      </Text>
      {principals.groups.length === 0 ? <Text fontSize="sm">None</Text> : principals.groups.map((g) => <Text key={g} fontSize="sm">{g}</Text>)}
    </Stack>
  );
}
