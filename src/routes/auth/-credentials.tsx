import { useState } from 'react';
import { useActorRef } from '../../lib/root-actors';
import { listCredentials } from '../../api/access-control';
import type { Credentials, Page } from '../../api/types';
import { liveCredentialsMachine } from '../../machines/credentials';
import { CredentialsPage } from '../../ui/auth/CredentialsPage';
import { KeyedList } from '../../ui/auth/KeyedList';
import { useAuthRefresh } from './-refresh';

export interface UserCredentialsProps {
  userId: string;
  currentAccessKeyId?: string;
  title?: string;
  firstPage: Page<Credentials>;
  loadedAt: number;
  after?: string;
  onBackToStart: () => void;
}

/** A user's credentials: the flow for the route's life, the list from each load. */
export function UserCredentials({ userId, currentAccessKeyId, title, firstPage, loadedAt, after, onBackToStart }: UserCredentialsProps) {
  const refresh = useAuthRefresh();
  const [logic] = useState(() => liveCredentialsMachine(refresh));
  const flow = useActorRef(logic, { input: { userId, currentAccessKeyId } });
  return (
    <KeyedList
      firstPage={firstPage}
      loadedAt={loadedAt}
      after={after}
      fetch={(params, signal) => listCredentials(userId, params, signal)}
    >
      {(list) => <CredentialsPage flow={flow} list={list} title={title} after={after} onBackToStart={onBackToStart} />}
    </KeyedList>
  );
}
