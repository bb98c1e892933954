// The login screen: renders the login machine's state and sends it the user's intents.
import { Suspense, use } from 'react';
import { Alert, Box, Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { sanitizeHtml } from '../../lib/sanitize';
import { fallbackLoginLabel, type LoginActorRef, type LoginError } from '../../machines/login';
import { Loading } from '../components/Loading';
import { settled } from '../components/settled';
import { PublicCard, PublicPage } from '../shell/PublicPage';

export interface LoginPageProps {
  login: LoginActorRef;
}

export function LoginPage({ login }: LoginPageProps) {
  const snapshot = useSelector(login, (s) => s);
  const send = login.send;
  const { error, loginConfig } = snapshot.context;

  if (snapshot.matches('checking') || snapshot.matches('redirecting')) {
    return (
      <PublicPage>
        <Loading />
      </PublicPage>
    );
  }

  const submitting = snapshot.matches('submitting');
  const fallbackLabel = fallbackLoginLabel(loginConfig);

  return (
    <PublicPage>
      <PublicCard title="Login" maxW="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          send({
            type: 'login.submit',
            accessKeyId: String(form.get('accessKeyId') ?? ''),
            secretAccessKey: String(form.get('secretAccessKey') ?? ''),
          });
        }}
      >
        <Stack gap="4">
          {error && <LoginErrorAlert error={error} />}
          <Field.Root>
            <Field.Label>Access Key ID</Field.Label>
            <Input
              name="accessKeyId"
              autoComplete="username"
              autoFocus
              placeholder={loginConfig?.username_ui_placeholder || 'Access Key ID'}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Secret Access Key</Field.Label>
            <Input
              name="secretAccessKey"
              type="password"
              autoComplete="current-password"
              placeholder={loginConfig?.password_ui_placeholder || 'Secret Access Key'}
            />
          </Field.Root>
          <Button type="submit" colorPalette="tarn" loading={submitting} loadingText="Login">
            Login
          </Button>
          {fallbackLabel && (
            <Box textAlign="center">
              <Link
                href={loginConfig?.fallback_login_url}
                onClick={(event) => {
                  event.preventDefault();
                  send({ type: 'login.fallback' });
                }}
              >
                {fallbackLabel}
              </Link>
            </Box>
          )}
        </Stack>
      </form>
      </PublicCard>
    </PublicPage>
  );
}

function LoginErrorAlert({ error }: { error: LoginError }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      {error.kind === 'markup' ? <SanitizedDescription html={error.html} /> : <Alert.Description>{error.text}</Alert.Description>}
    </Alert.Root>
  );
}

/** The administrator's configured message may carry markup: it is shown only once sanitised. */
function SanitizedDescription({ html }: { html: string }) {
  return (
    <Suspense fallback={<Alert.Description />}>
      <CleanDescription html={html} />
    </Suspense>
  );
}

function CleanDescription({ html }: { html: string }) {
  const clean = use(settled(`login-message\0${html}`, () => sanitizeHtml(html)));
  return <Alert.Description dangerouslySetInnerHTML={{ __html: clean.ok ? clean.value : '' }} />;
}
