import { useState, type ReactNode } from 'react';
import { Alert, CloseButton, Grid, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import { useSimplifiedMode } from '../../lib/use-session';

/** lakeFS's own key, so a dismissal made in lakeFS's console holds here too (docs/behaviour.md, Access control). */
const ACL_BANNER_DISMISS_KEY = 'lakefs:ui:acl:dismissRBACAlert';

const SECTIONS = [
  { label: 'My Credentials', to: '/auth/credentials', policies: false },
  { label: 'Users', to: '/auth/users', policies: false },
  { label: 'Groups', to: '/auth/groups', policies: false },
  { label: 'Policies', to: '/auth/policies', policies: true },
  { label: 'Audit log', to: '/auth/audit', policies: false },
] as const;

/** Access control: the side menu (Policies hidden in simplified mode, docs/behaviour.md, Access control) beside the page shown. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const simplified = useSimplifiedMode();
  return (
    <Stack gap="4">
      {simplified && <RbacBanner />}
      <Grid templateColumns={{ base: '1fr', md: '14rem 1fr' }} gap="6" alignItems="start">
        <Stack as="nav" aria-label="Administration" gap="1" borderWidth="1px" borderRadius="md" p="2">
          {SECTIONS.filter((section) => !(simplified && section.policies)).map(({ label, to }) => {
            const active = pathname === to || pathname.startsWith(`${to}/`);
            return (
              <Link
                key={to}
                asChild
                px="3"
                py="1.5"
                borderRadius="md"
                bg={active ? 'tarn.subtle' : undefined}
                fontWeight={active ? 'semibold' : 'normal'}
                _hover={{ textDecoration: 'none', bg: 'bg.muted' }}
              >
                <RouterLink to={to} aria-current={active ? 'page' : undefined}>
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
    </Stack>
  );
}

function dismissedBefore(): boolean {
  try {
    return globalThis.localStorage?.getItem(ACL_BANNER_DISMISS_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Simplified mode promotes role-based access control until dismissed, for good. */
function RbacBanner() {
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (dismissed) return null;
  return (
    <Alert.Root status="info" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Role-based access control</Alert.Title>
        <Alert.Description>
          This installation uses simplified access control: each group has one permission (Read, Write, Super or
          Admin). Role-based access control (RBAC) gives fine-grained policies of actions on resources, attached to
          users and groups.
        </Alert.Description>
      </Alert.Content>
      <CloseButton
        size="sm"
        aria-label="Dismiss"
        onClick={() => {
          try {
            globalThis.localStorage?.setItem(ACL_BANNER_DISMISS_KEY, 'true');
          } catch {
            // Storage may be refused (private mode); the banner then stays away for this page's life only.
          }
          setDismissed(true);
        }}
      />
    </Alert.Root>
  );
}
