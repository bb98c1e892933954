import { createFileRoute } from '@tanstack/react-router';
import { listPolicies } from '../../../../api/access-control';
import { PAGE_SIZE } from '../../../../lib/page-sizes';
import { useScreen } from '../../../../lib/use-screen';
import { cursorSearch } from '../../../../lib/search-schemas';
import { liveListSelectionMachines } from '../../../../machines/list-selection';
import { livePolicyEditorMachine } from '../../../../machines/policy-editor';
import { useSimplifiedMode } from '../../../../lib/use-session';
import { RouteList } from '../../../../ui/auth/RouteList';
import { PoliciesPage } from '../../../../ui/auth/PoliciesPage';

export const Route = createFileRoute('/auth/_admin/policies/')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ after: search.after }),
  loader: ({ deps, abortController }) => listPolicies({ after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: PoliciesRoute,
});

function PoliciesRoute() {
  const firstPage = Route.useLoaderData();
  const { after } = Route.useSearch();
  const navigate = Route.useNavigate();
  const simplified = useSimplifiedMode();
  const session = Route.useRouteContext({ select: (context) => context.session });
  const selection = useScreen(liveListSelectionMachines.policies, { session });
  const editor = useScreen(livePolicyEditorMachine, { mode: 'create' });
  return (
    <RouteList firstPage={firstPage} after={after} fetch={listPolicies}>
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
    </RouteList>
  );
}
