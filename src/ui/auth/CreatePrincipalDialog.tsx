import { Alert, Button, Code, Field, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { useSelector } from '@xstate/react';
import { nameProblem, type CreatePrincipalActorRef, type CreatePrincipalSnapshot } from '../../machines/create-principal/machine';
import { CopyButton } from '../components/CopyButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { PRINCIPAL_WORDING as WORDING, type Wording } from './principal-wording';

const selectView = (s: CreatePrincipalSnapshot) => ({
  kind: s.context.kind,
  name: s.context.name,
  error: s.context.error,
  busy: s.hasTag('busy'),
  activationUrl: s.matches('showingActivationLink') ? s.context.activationUrl : undefined,
  canSubmit: s.can({ type: 'create.submit' }),
});

export interface CreatePrincipalDialogProps {
  create: CreatePrincipalActorRef;
  /** The wording of a user created by name (createUserWording); Create User by default. */
  userWording?: Wording;
  onClose: () => void;
}

/** Create (API) User, Invite User or Create Group; an invitation's activation link is shown to copy when not mailed. */
export function CreatePrincipalDialog({ create, userWording = WORDING.user, onClose }: CreatePrincipalDialogProps) {
  const { kind, name, error, busy, activationUrl, canSubmit } = useSelector(create, selectView);
  const wording = kind === 'user' ? userWording : WORDING[kind];
  const problem = nameProblem(kind, name);
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && !busy && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                create.send({ type: 'create.submit' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{wording.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {activationUrl ? (
                  <Stack gap="3">
                    <Text>{`${name} is invited. No mail server is configured: send them this activation link.`}</Text>
                    <HStack gap="2">
                      <Code aria-label="Activation link" wordBreak="break-all">
                        {activationUrl}
                      </Code>
                      <CopyButton value={activationUrl} label="activation link" />
                    </HStack>
                    <Alert.Root status="info">
                      <Alert.Indicator />
                      <Alert.Description>The link works once and expires in 24 hours.</Alert.Description>
                    </Alert.Root>
                  </Stack>
                ) : (
                  <Stack gap="3">
                    <Field.Root invalid={problem !== undefined}>
                      <Field.Label>{wording.label}</Field.Label>
                      <Input
                        autoFocus
                        value={name}
                        placeholder={wording.placeholder}
                        type={kind === 'invite' ? 'email' : 'text'}
                        onChange={(e) => create.send({ type: 'name.change', name: e.target.value })}
                      />
                      <Field.ErrorText>{problem}</Field.ErrorText>
                    </Field.Root>
                    {error !== undefined && <ErrorAlert error={error} />}
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                {activationUrl ? (
                  <Button colorPalette="tarn" onClick={() => create.send({ type: 'create.close' })}>
                    Done
                  </Button>
                ) : (
                  <>
                    <Button variant="outline" disabled={busy} onClick={onClose}>
                      Cancel
                    </Button>
                    <Button type="submit" colorPalette="tarn" loading={busy} disabled={!canSubmit}>
                      {wording.submit}
                    </Button>
                  </>
                )}
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
