// First-run setup screen: renders the setup machine (form, then the new credentials shown once).
import {
  Alert,
  Button,
  Checkbox,
  Code,
  Field,
  HStack,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { CredentialsWithSecret } from '../../api/types';
import { adminCreated, needsAdmin, needsCommPrefs, type SetupActorRef } from '../../machines/setup';
import { CopyButton } from '../components/CopyButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { PublicCard, PublicPage } from '../shell/PublicPage';
import { LAKECTL_CONFIG_FILE_NAME, lakectlConfig, lakectlConfigHref } from '../../lib/lakectl-config';

export interface SetupPageProps {
  setup: SetupActorRef;
}

export function SetupPage({ setup }: SetupPageProps) {
  const snapshot = useSelector(setup, (s) => s);
  const send = setup.send;
  const { context } = snapshot;

  if (snapshot.matches('loading') || snapshot.matches('redirecting')) {
    return (
      <PublicPage>
        <Loading />
      </PublicPage>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <PublicPage>
        <ErrorAlert error={context.error} onRetry={() => send({ type: 'setup.retry' })} />
      </PublicPage>
    );
  }
  if (adminCreated(snapshot) && context.credentials) {
    return (
      <PublicPage>
        <SetupComplete credentials={context.credentials} error={context.error} />
      </PublicPage>
    );
  }

  const busy = snapshot.hasTag('busy');
  const askAdmin = needsAdmin(context);
  const askCommPrefs = needsCommPrefs(context);

  return (
    <PublicPage>
      <PublicCard title="User Configuration" maxW="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'setup.submit' });
        }}
      >
        <Stack gap="4">
          {askAdmin && (
            <Field.Root required invalid={Boolean(context.fieldErrors.username)}>
              <Field.Label>
                Admin Username
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={context.username}
                placeholder="Admin Username"
                autoFocus
                autoComplete="off"
                onChange={(e) => send({ type: 'setup.change', field: 'username', value: e.target.value })}
              />
              <Field.HelperText>
                The name of the first admin account; you may keep the default &apos;admin&apos;.
              </Field.HelperText>
              <Field.ErrorText>{context.fieldErrors.username}</Field.ErrorText>
            </Field.Root>
          )}
          {askCommPrefs && (
            <>
              <Field.Root required invalid={Boolean(context.fieldErrors.email)}>
                <Field.Label>
                  Email
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  type="email"
                  value={context.email}
                  placeholder="name@company.com"
                  autoComplete="email"
                  onChange={(e) => send({ type: 'setup.change', field: 'email', value: e.target.value })}
                />
                <Field.ErrorText>{context.fieldErrors.email}</Field.ErrorText>
              </Field.Root>
              <Checkbox.Root
                checked={context.featureUpdates}
                onCheckedChange={(e) => send({ type: 'setup.updates', checked: e.checked === true })}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>I&apos;d like to receive security, product and feature updates</Checkbox.Label>
              </Checkbox.Root>
            </>
          )}
          {context.error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{context.error}</Alert.Description>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="tarn" loading={busy} alignSelf="flex-start">
            Setup
          </Button>
        </Stack>
      </form>
      </PublicCard>
    </PublicPage>
  );
}

/** The new admin's keys, shown once; `error` says which later step failed, the keys being good regardless. */
function SetupComplete({ credentials, error }: { credentials: CredentialsWithSecret; error: string | null }) {
  const config = lakectlConfig(credentials, window.location.origin);
  return (
    <PublicCard title="You&apos;re all set!" maxW="2xl">
    <Stack gap="4">
      {error && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      <Text>Here are the credentials of your admin user:</Text>
      <SecretLine label="Access Key ID" value={credentials.access_key_id} />
      <SecretLine label="Secret Access Key" value={credentials.secret_access_key} />
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description>
          This is the <strong>only</strong> time that the secret access key can be viewed or downloaded. You
          cannot recover it later.
        </Alert.Description>
      </Alert.Root>
      <Text>
        Download a configuration file for the command-line tool holding these credentials and this server&apos;s
        address, and save it as <Code>~/{LAKECTL_CONFIG_FILE_NAME}</Code>.
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button asChild variant="outline">
          <a href={lakectlConfigHref(config)} download={LAKECTL_CONFIG_FILE_NAME}>
            Download credentials
          </a>
        </Button>
        <Button colorPalette="tarn" onClick={() => window.open('/auth/login', '_blank', 'noopener')}>
          Go To Login
        </Button>
      </HStack>
    </Stack>
    </PublicCard>
  );
}

function SecretLine({ label, value }: { label: string; value: string }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Text fontWeight="semibold" minW="10rem">
        {label}
      </Text>
      <Code data-testid={label} px="2" py="1" wordBreak="break-all">
        {value}
      </Code>
      <CopyButton value={value} label={label} />
    </HStack>
  );
}
