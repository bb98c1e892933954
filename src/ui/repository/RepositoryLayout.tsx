import type { ReactNode } from 'react';
import { Breadcrumb, HStack, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { ReadOnlyBadge } from '../repositories/ReadOnlyBadge';
import { RepositoryProvider, type RepositoryContextValue } from './RepositoryContext';
import { RepositoryTabs } from './RepositoryTabs';

export interface RepositoryLayoutProps {
  value: RepositoryContextValue;
  /** The `ref` query parameter as given (not defaulted), carried by the tabs. */
  refParam?: string;
  children: ReactNode;
}

/** Breadcrumb, read-only badge and tab bar around every repository screen. */
export function RepositoryLayout({ value, refParam, children }: RepositoryLayoutProps) {
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
        </HStack>
        <RepositoryTabs repoId={repo.id} refName={refParam} />
        {children}
      </Stack>
    </RepositoryProvider>
  );
}
