import type { ReactNode } from "react";
import { Card, Flex, Heading, type CardRootProps } from "@chakra-ui/react";
import { TarnLogo } from "./TarnLogo";

/** The frame of the pages shown before signing in (login, setup): the product's logo above their card. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <Flex
      as="main"
      direction="column"
      align="center"
      gap="6"
      minH="100vh"
      px="4"
      pt="16"
      pb="8"
      bg="bg.subtle"
    >
      <header>
        <TarnLogo size="lg" />
      </header>
      {children}
    </Flex>
  );
}

/** The card a public page shows under the logo, headed by the page's title. */
export function PublicCard({
  title,
  maxW,
  children,
}: {
  title: ReactNode;
  maxW: CardRootProps["maxW"];
  children: ReactNode;
}) {
  return (
    <Card.Root w="full" maxW={maxW}>
      <Card.Header>
        <Heading as="h1" size="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
