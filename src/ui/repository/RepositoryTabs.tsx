import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import {
  LuChartPie,
  LuFiles,
  LuGitBranch,
  LuGitCommitVertical,
  LuGitCompareArrows,
  LuGitPullRequest,
  LuPencilLine,
  LuPlay,
  LuSettings,
  LuTag,
} from 'react-icons/lu';
import { LuTable2 } from 'react-icons/lu';
import { OverflowTabs, type OverflowTab } from '../components/OverflowTabs';

// The repository screens that exist so far; each later screen adds its tab here. A tab is current on every page
// it leads to: `sections` are the first path segments after /repositories/{id}/ of those pages (the Objects tab
// also owns the single-object viewer at .../object).
const TABS = [
  { label: 'Objects', icon: LuFiles, to: '/repositories/$repoId/objects', sections: ['objects', 'object'] },
  { label: 'Tables', icon: LuTable2, to: '/repositories/$repoId/tables', sections: ['tables'] },
  { label: 'Uncommitted Changes', icon: LuPencilLine, to: '/repositories/$repoId/changes', sections: ['changes'] },
  { label: 'Commits', icon: LuGitCommitVertical, to: '/repositories/$repoId/commits', sections: ['commits'] },
  { label: 'Branches', icon: LuGitBranch, to: '/repositories/$repoId/branches', sections: ['branches'] },
  { label: 'Tags', icon: LuTag, to: '/repositories/$repoId/tags', sections: ['tags'] },
  { label: 'Compare', icon: LuGitCompareArrows, to: '/repositories/$repoId/compare', sections: ['compare'] },
  { label: 'Pull Requests', icon: LuGitPullRequest, to: '/repositories/$repoId/pulls', sections: ['pulls'] },
  { label: 'Insights', icon: LuChartPie, to: '/repositories/$repoId/insights', sections: ['insights'] },
  { label: 'Actions', icon: LuPlay, to: '/repositories/$repoId/actions', sections: ['actions'] },
  { label: 'Settings', icon: LuSettings, to: '/repositories/$repoId/settings', sections: ['settings'] },
] as const;

/** The first path segment below the repository's own path, e.g. 'object' for /repositories/lake/object. */
function repositorySection(pathname: string, repoId: string): string | undefined {
  const base = `/repositories/${encodeURIComponent(repoId)}/`;
  return pathname.startsWith(base) ? pathname.slice(base.length).split('/')[0] : undefined;
}

export interface RepositoryTabsProps {
  repoId: string;
  /** Carried from tab to tab so the user stays on the ref they chose. */
  refName?: string;
  defaultBranch: string;
}

/**
 * Where a tab leads from `refName`: the same ref, except Compare, which compares the ref the user came from with the
 * default branch, as a pull request would (and opens on the default branch alone from there).
 */
function tabSearch(to: string, refName: string | undefined, defaultBranch: string): { ref?: string; compare?: string } {
  if (to !== '/repositories/$repoId/compare') return { ref: refName };
  return refName === undefined || refName === defaultBranch ? { ref: defaultBranch } : { ref: defaultBranch, compare: refName };
}

/**
 * The repository's tab bar: one line at any width, the tabs that do not fit in a More menu at its end
 * (docs/behaviour.md, Conventions).
 */
export function RepositoryTabs({ repoId, refName, defaultBranch }: RepositoryTabsProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const section = repositorySection(pathname, repoId);
  const tabs = TABS.map(({ label, icon, to, sections }): OverflowTab => {
    const active = sections.some((owned) => owned === section);
    return {
      key: to,
      label,
      icon,
      active,
      link: (face) => (
        <RouterLink to={to} params={{ repoId }} search={tabSearch(to, refName, defaultBranch)} aria-current={active ? 'page' : undefined}>
          {face}
        </RouterLink>
      ),
    };
  });
  return <OverflowTabs label="Repository" tabs={tabs} />;
}
