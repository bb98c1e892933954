import type { ReactNode } from 'react';
import { Breadcrumb, HStack, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { ReadOnlyBadge } from '../repositories/ReadOnlyBadge';
import { RepositoryProvider, type RepositoryContextValue } from './RepositoryContext';
import { RepositoryShortcuts, type RepositoryShortcutsProps } from './RepositoryShortcuts';
import { RepositoryTabs } from './RepositoryTabs';

export interface RepositoryLayoutProps {
  value: RepositoryContextValue;
  /** The `ref` query parameter as given (not defaulted), carried by the tabs. */
  refParam?: string;
  /** The actors behind the keyboard shortcuts (the finder, the permalink). */
  shortcuts: Pick<RepositoryShortcutsProps, 'finder' | 'permalink'>;
  children: ReactNode;
}

/** Breadcrumb, read-only badge, the shortcuts' buttons and dialogs, and tab bar around every repository screen. */
export function RepositoryLayout({ value, refParam, shortcuts, children }: RepositoryLayoutProps) {
  const { repo } = value;
  return (
    <RepositoryProvider value={value}>
      <Stack gap="4">
        <HStack gap="3">
          <Breadcrumb.Root size="lg">
            <Breadcrumb.List>
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <RouterLink to="/repositories">Repositories</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink fontWeight="semibold">{repo.id}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Breadcrumb.List>
          </Breadcrumb.Root>
          {repo.read_only && <ReadOnlyBadge />}
          <RepositoryShortcuts {...shortcuts} repoId={repo.id} refName={value.resolvedRef.name} />
        </HStack>
        <RepositoryTabs repoId={repo.id} refName={refParam} defaultBranch={repo.default_branch} />
        {children}
      </Stack>
    </RepositoryProvider>
  );
}
