import { HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import { LuFiles, LuGitCommitVertical, LuPencilLine } from 'react-icons/lu';

// The repository screens that exist so far; each later screen adds its tab here.
const TABS = [
  { id: 'objects', label: 'Objects', icon: LuFiles, to: '/repositories/$repoId/objects' },
  { id: 'changes', label: 'Uncommitted Changes', icon: LuPencilLine, to: '/repositories/$repoId/changes' },
  { id: 'commits', label: 'Commits', icon: LuGitCommitVertical, to: '/repositories/$repoId/commits' },
] as const;

export interface RepositoryTabsProps {
  repoId: string;
  /** Carried from tab to tab so the user stays on the ref they chose. */
  refName?: string;
}

export function RepositoryTabs({ repoId, refName }: RepositoryTabsProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const base = `/repositories/${encodeURIComponent(repoId)}/`;
  const section = pathname.startsWith(base) ? pathname.slice(base.length).split('/')[0] : undefined;
  return (
    <HStack as="nav" aria-label="Repository" gap="1" borderBottomWidth="1px" overflowX="auto">
      {TABS.map(({ id, label, icon: Icon, to }) => {
        const active = section === id;
        return (
          <Link
            key={id}
            asChild
            px="3"
            py="2"
            mb="-1px"
            gap="2"
            whiteSpace="nowrap"
            borderBottomWidth="2px"
            borderColor={active ? 'tarn.solid' : 'transparent'}
            color={active ? 'fg' : 'fg.muted'}
            fontWeight={active ? 'semibold' : 'normal'}
            _hover={{ textDecoration: 'none', color: 'fg' }}
          >
            <RouterLink to={to} params={{ repoId }} search={{ ref: refName }} aria-current={active ? 'page' : undefined}>
              <Icon aria-hidden="true" />
              {label}
            </RouterLink>
          </Link>
        );
      })}
    </HStack>
  );
}
