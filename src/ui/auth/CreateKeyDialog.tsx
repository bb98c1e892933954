import { Alert, Button, Code, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { useSelector } from '@xstate/react';
import { LAKECTL_CONFIG_FILE_NAME, lakectlConfig, lakectlConfigHref } from '../../lib/lakectl-config';
import type { CredentialsActorRef, CredentialsSnapshot } from '../../machines/credentials/machine';
import { CopyButton } from '../components/CopyButton';
import { ErrorAlert } from '../components/ErrorAlert';

const selectCreation = (s: CredentialsSnapshot) => ({
  open: s.matches('confirmingCreate') || s.matches('creating') || s.matches('showingSecret'),
  busy: s.matches('creating'),
  userId: s.context.userId,
  created: s.context.created,
  error: s.context.error,
});

/**
 * Create Access Key in one dialog: the confirmation, then the new key's id and secret, each with a copy button, and
 * the warning that the secret is shown only now. Once shown, only Done or Escape closes it: a stray click outside
 * would lose the one view of the secret.
 */
export function CreateKeyDialog({ flow }: { flow: CredentialsActorRef }) {
  const { open, busy, userId, created, error } = useSelector(flow, selectCreation);
  const close = () => flow.send(created ? { type: 'secret.close' } : { type: 'create.cancel' });
  return (
    <Dialog.Root
      open={open}
      role={created ? 'dialog' : 'alertdialog'}
      closeOnInteractOutside={!created}
      onOpenChange={(details) => !details.open && !busy && close()}
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{created ? 'Access key created' : 'Create Access Key'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {created ? (
                <Stack gap="3">
                  <SecretLine label="Access Key ID" value={created.access_key_id} />
                  <SecretLine label="Secret Access Key" value={created.secret_access_key} />
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Description>
                      Copy the Secret Access Key and store it somewhere safe. You will not be able to access it again.
                    </Alert.Description>
                  </Alert.Root>
                  <Text fontSize="sm">
                    Or download a configuration file for the command-line tool holding this key and this server&apos;s
                    address, and save it as <Code>~/{LAKECTL_CONFIG_FILE_NAME}</Code>.
                  </Text>
                  <Button asChild variant="outline" alignSelf="start">
                    <a href={lakectlConfigHref(lakectlConfig(created, window.location.origin))} download={LAKECTL_CONFIG_FILE_NAME}>
                      Download credentials
                    </a>
                  </Button>
                </Stack>
              ) : (
                <Stack gap="4">
                  <Text>{`Create a new access key for ${userId}?`}</Text>
                  {error !== undefined && <ErrorAlert error={error} />}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {created ? (
                <Button colorPalette="tarn" onClick={close}>
                  Done
                </Button>
              ) : (
                <>
                  <Button variant="outline" disabled={busy} onClick={close}>
                    Cancel
                  </Button>
                  <Button colorPalette="tarn" loading={busy} onClick={() => flow.send({ type: 'create.confirm' })}>
                    Create
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function SecretLine({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="1">
      <Text fontWeight="semibold" fontSize="sm">
        {label}
      </Text>
      <HStack gap="2">
        <Code aria-label={label} fontSize="sm" wordBreak="break-all">
          {value}
        </Code>
        <CopyButton value={value} label={label} />
      </HStack>
    </Stack>
  );
}
