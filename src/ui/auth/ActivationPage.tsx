import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { passwordMismatch, type ActivationActorRef, type ActivationSnapshot } from '../../machines/activation/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { PublicCard, PublicPage } from '../shell/PublicPage';

const selectView = (s: ActivationSnapshot) => ({
  email: s.context.email,
  password: s.context.password,
  confirmation: s.context.confirmation,
  error: s.context.error,
  busy: s.hasTag('busy'),
  canCreate: s.can({ type: 'activation.submit' }),
});

/** An invited user chooses a password (docs/behaviour.md, Activating an invited user). */
export function ActivationPage({ activation }: { activation: ActivationActorRef }) {
  const view = useSelector(activation, selectView);
  const mismatch = passwordMismatch(view);
  return (
    <PublicPage>
      <PublicCard title="Welcome to the lake!" maxW="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            activation.send({ type: 'activation.submit' });
          }}
        >
          <Stack gap="4">
            <Field.Root disabled>
              <Field.Label>Email</Field.Label>
              <Input value={view.email} readOnly disabled autoComplete="username" />
            </Field.Root>
            <Field.Root>
              <Field.Label>Password</Field.Label>
              <Input
                type="password"
                autoComplete="new-password"
                value={view.password}
                onChange={(e) => activation.send({ type: 'password.change', password: e.target.value })}
              />
            </Field.Root>
            <Field.Root invalid={mismatch !== undefined}>
              <Field.Label>Confirm Password</Field.Label>
              <Input
                type="password"
                autoComplete="new-password"
                value={view.confirmation}
                onChange={(e) => activation.send({ type: 'confirmation.change', confirmation: e.target.value })}
              />
              <Field.ErrorText>{mismatch}</Field.ErrorText>
            </Field.Root>
            {view.error !== undefined && <ErrorAlert error={view.error} />}
            <HStack gap="2" justify="end">
              <Button variant="outline" disabled={view.busy} onClick={() => activation.send({ type: 'activation.cancel' })}>
                Cancel
              </Button>
              <Button type="submit" colorPalette="tarn" loading={view.busy} disabled={!view.canCreate}>
                Create
              </Button>
            </HStack>
          </Stack>
        </form>
      </PublicCard>
    </PublicPage>
  );
}
