import { forwardRef } from 'react';
import { Box, Button, Text, type ButtonProps } from '@chakra-ui/react';
import { LuCircleUser } from 'react-icons/lu';
import type { User } from '../../api/types';

export function userDisplayName(user: User): string {
  return user.friendly_name || user.id;
}

export interface UserMenuButtonProps extends ButtonProps {
  user: User;
  /** Marks that a newer version is out. */
  upgrade: boolean;
}

/** The top bar's user button: the menu's trigger, and its look while the menu's code is still on its way. */
export const UserMenuButton = forwardRef<HTMLButtonElement, UserMenuButtonProps>(function UserMenuButton({ user, upgrade, ...rest }, ref) {
  return (
    <Button ref={ref} variant="ghost" size="sm" aria-label={`User menu for ${userDisplayName(user)}`} {...rest}>
      <LuCircleUser />
      <Text as="span" maxW="40" truncate>
        {userDisplayName(user)}
      </Text>
      {upgrade && <Box as="span" w="2" h="2" borderRadius="full" bg="red.500" aria-hidden="true" />}
    </Button>
  );
});
