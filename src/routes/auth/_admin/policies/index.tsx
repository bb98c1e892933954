import { useState } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useActorRef } from '../../../../lib/root-actors';
import { listPolicies } from '../../../../api/access-control';
import { PAGE_SIZE } from '../../../../lib/constants';
import { cursorSearch } from '../../../../lib/search-schemas';
import { liveListSelectionMachine } from '../../../../machines/list-selection';
import { livePolicyEditorMachine } from '../../../../machines/policy-editor';
import { useSimplifiedMode } from '../../../../machines/session';
import { KeyedList } from '../../../../ui/auth/KeyedList';
import { PoliciesPage } from '../../../../ui/auth/PoliciesPage';
import { useAuthRefresh } from '../../-refresh';

export const Route = createFileRoute('/auth/_admin/policies/')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ after: search.after }),
  loader: ({ deps, abortController }) => listPolicies({ after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: PoliciesRoute,
});

function PoliciesRoute() {
  const firstPage = Route.useLoaderData();
  const loadedAt = Route.useMatch({ select: (match) => match.updatedAt });
  const { after } = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const simplified = useSimplifiedMode();
  const refresh = useAuthRefresh();
  const [selectionLogic] = useState(() => liveListSelectionMachine('policies', refresh));
  const selection = useActorRef(selectionLogic, { input: {} });
  // A created policy is shown on its own page.
  const [editorLogic] = useState(() =>
    livePolicyEditorMachine((id) => void router.navigate({ to: '/auth/policies/$policyId', params: { policyId: id } })),
  );
  const editor = useActorRef(editorLogic, { input: { mode: 'create' } });
  return (
    <KeyedList firstPage={firstPage} loadedAt={loadedAt} after={after} fetch={listPolicies}>
      {(list) => (
        <PoliciesPage
          list={list}
          selection={selection}
          editor={editor}
          simplified={simplified}
          after={after}
          onBackToStart={() => void navigate({ search: {} })}
        />
      )}
    </KeyedList>
  );
}
