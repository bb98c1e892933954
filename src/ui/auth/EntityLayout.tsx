import type { ReactNode } from 'react';
import { Breadcrumb, HStack, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';

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

/** A user's or a group's pages: breadcrumbs (Users > user) and the tabs, beside the tab shown. */
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
      <HStack as="nav" aria-label="Tabs" gap="1" borderBottomWidth="1px" overflowX="auto">
        {tabs.map(({ label, href }) => {
          const active = decodeURIComponent(pathname) === decodeURIComponent(href);
          return (
            <Link
              key={href}
              asChild
              px="3"
              py="2"
              mb="-1px"
              whiteSpace="nowrap"
              borderBottomWidth="2px"
              borderColor={active ? 'tarn.solid' : 'transparent'}
              color={active ? 'fg' : 'fg.muted'}
              fontWeight={active ? 'semibold' : 'normal'}
              _hover={{ textDecoration: 'none', color: 'fg' }}
            >
              <RouterLink to={href} aria-current={active ? 'page' : undefined}>
                {label}
              </RouterLink>
            </Link>
          );
        })}
      </HStack>
      {children}
    </Stack>
  );
}
