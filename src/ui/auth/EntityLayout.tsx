import type { ReactNode } from 'react';
import { Breadcrumb, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import { OverflowTabs } from '../components/OverflowTabs';

export interface EntityTab {
  label: string;
  /** The tab's address. */
  href: string;
}

export interface EntityLayoutProps {
  /** 'Users' or 'Groups', and where that list is. */
  parent: { label: string; href: string };
  id: string;
  tabs: readonly EntityTab[];
  children: ReactNode;
}

/**
 * A user's or a group's pages: breadcrumbs (Users > user) and the tabs, beside the tab shown; the tabs that do not fit
 * go into a More menu (docs/behaviour.md, Conventions).
 */
export function EntityLayout({ parent, id, tabs, children }: EntityLayoutProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Stack gap="4">
      <Breadcrumb.Root aria-label="Breadcrumb">
        <Breadcrumb.List>
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to={parent.href}>{parent.label}</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          <Breadcrumb.Separator />
          <Breadcrumb.Item>
            <Breadcrumb.CurrentLink>{id}</Breadcrumb.CurrentLink>
          </Breadcrumb.Item>
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <OverflowTabs
        label="Tabs"
        tabs={tabs.map(({ label, href }) => {
          const active = decodeURIComponent(pathname) === decodeURIComponent(href);
          return {
            key: href,
            label,
            active,
            link: (face) => (
              <RouterLink to={href} aria-current={active ? 'page' : undefined}>
                {face}
              </RouterLink>
            ),
          };
        })}
      />
      {children}
    </Stack>
  );
}
