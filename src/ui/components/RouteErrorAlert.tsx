import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isNotFound } from '../../lib/error-message';
import { ErrorAlert } from './ErrorAlert';
import { MissingResource } from './NotFound';

/**
 * A route's failed load, in the red alert, with a retry that loads the route again; a 404 is a not-found page with
 * the ways back instead, as retrying cannot help.
 */
export function RouteErrorAlert({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isNotFound(error)) return <MissingResource error={error} />;
  return (
    <ErrorAlert
      error={error}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
