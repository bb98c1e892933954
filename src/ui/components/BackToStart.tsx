import { Button, Flex } from '@chakra-ui/react';

/** Leaves a list opened at a cursor and shows it again from its first page. */
export function BackToStart({ onClick }: { onClick: () => void }) {
  return (
    <Flex>
      <Button size="sm" variant="outline" onClick={onClick}>
        Back to start
      </Button>
    </Flex>
  );
}
