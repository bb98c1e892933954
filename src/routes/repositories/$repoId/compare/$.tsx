import { createFileRoute, redirect } from '@tanstack/react-router';
import { compareSearch } from '../../../../lib/search-schemas';

// lakeFS's console addresses compare as /compare/...; every such address lands on the compare screen, search kept.
export const Route = createFileRoute('/repositories/$repoId/compare/$')({
  validateSearch: compareSearch,
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: '/repositories/$repoId/compare', params: { repoId: params.repoId }, search, replace: true });
  },
});
