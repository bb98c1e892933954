import type { ReactNode } from 'react';
import { Grid, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';

const SECTIONS = [
  { label: 'General', to: '/repositories/$repoId/settings/general', segment: 'general' },
  { label: 'Garbage Collection', to: '/repositories/$repoId/settings/retention', segment: 'retention' },
  { label: 'Branch Protection', to: '/repositories/$repoId/settings/branches', segment: 'branches' },
] as const;

/** The repository settings: a side menu of their pages beside the page shown. */
export function SettingsLayout({ repoId, children }: { repoId: string; children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = pathname.split('/').filter(Boolean).at(-1);
  return (
    <Grid templateColumns={{ base: '1fr', md: '14rem 1fr' }} gap="6" alignItems="start">
      <Stack as="nav" aria-label="Settings" gap="1" borderWidth="1px" borderRadius="md" p="2">
        {SECTIONS.map(({ label, to, segment }) => {
          const active = segment === current;
          return (
            <Link
              key={segment}
              asChild
              px="3"
              py="1.5"
              borderRadius="md"
              bg={active ? 'tarn.subtle' : undefined}
              fontWeight={active ? 'semibold' : 'normal'}
              _hover={{ textDecoration: 'none', bg: 'bg.muted' }}
            >
              <RouterLink to={to} params={{ repoId }} aria-current={active ? 'page' : undefined}>
                {label}
              </RouterLink>
            </Link>
          );
        })}
      </Stack>
      <Stack gap="4" minW="0">
        {children}
      </Stack>
    </Grid>
  );
}
