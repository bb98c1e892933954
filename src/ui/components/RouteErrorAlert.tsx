import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorAlert } from './ErrorAlert';

/** A route's failed load, in the red alert, with a retry that loads the route again. */
export function RouteErrorAlert({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
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
