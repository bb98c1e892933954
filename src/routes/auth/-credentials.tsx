import { listCredentials } from '../../api/access-control';
import type { Credentials, Page } from '../../api/types';
import { useScreen } from '../../lib/use-screen';
import { liveCredentialsMachine } from '../../machines/credentials';
import { CredentialsPage } from '../../ui/auth/CredentialsPage';
import { RouteList } from '../../ui/auth/RouteList';

export interface UserCredentialsProps {
  userId: string;
  currentAccessKeyId?: string;
  title?: string;
  firstPage: Page<Credentials>;
  after?: string;
  onBackToStart: () => void;
}

/** A user's credentials: the flow for the route's life, the list from each load. */
export function UserCredentials({ userId, currentAccessKeyId, title, firstPage, after, onBackToStart }: UserCredentialsProps) {
  const flow = useScreen(liveCredentialsMachine, { userId, currentAccessKeyId });
  return (
    <RouteList firstPage={firstPage} after={after} fetch={(params, signal) => listCredentials(userId, params, signal)}>
      {(list) => <CredentialsPage flow={flow} list={list} title={title} after={after} onBackToStart={onBackToStart} />}
    </RouteList>
  );
}
