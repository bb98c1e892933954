import type { ReactNode } from 'react';
import { Flex } from '@chakra-ui/react';
import { TarnLogo } from './TarnLogo';

/** The frame of the pages shown before signing in (login, setup): the product's logo above their card. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <Flex as="main" direction="column" align="center" gap="6" minH="100vh" px="4" pt="16" pb="8" bg="bg.subtle">
      <header>
        <TarnLogo size="lg" />
      </header>
      {children}
    </Flex>
  );
}
