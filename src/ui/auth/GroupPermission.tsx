import { Button, HStack, IconButton, Menu, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef } from '../../lib/root-actors';
import { useSelector } from '@xstate/react';
import { LuChevronDown, LuTriangleAlert } from 'react-icons/lu';
import { errorMessage } from '../../lib/error-message';
import { arn } from '../../lib/permission-names';
import { ACL_PERMISSIONS, liveGroupAclMachine, type GroupAclSnapshot } from '../../machines/group-acl';
import { usePermission } from '../../lib/use-session';

const selectView = (s: GroupAclSnapshot) => ({
  permission: s.context.acl?.permission,
  busy: s.hasTag('busy'),
  failed: s.matches('failed'),
  error: s.context.error,
});

/** A group's Permission in simplified mode: a dropdown of the four levels, each with what it allows. */
export function GroupPermission({ groupId }: { groupId: string }) {
  const acl = useActorRef(liveGroupAclMachine, { input: { groupId } });
  const { permission, busy, failed, error } = useSelector(acl, selectView);
  const allowed = usePermission('auth:AttachPolicy', arn.group(groupId));
  if (failed) {
    return (
      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Retry: ${errorMessage(error)}`} title={errorMessage(error)} onClick={() => acl.send({ type: 'acl.retry' })}>
        <LuTriangleAlert />
      </IconButton>
    );
  }
  return (
    <HStack gap="1">
      <Menu.Root positioning={{ placement: 'bottom-start' }}>
        <Menu.Trigger asChild>
          <Button
            size="xs"
            variant="outline"
            disabled={busy || !allowed.allowed}
            title={allowed.reason}
            aria-label={`Permission of ${groupId}: ${permission ?? 'None'}`}
          >
            {busy ? <Spinner size="xs" /> : (permission ?? 'None')}
            <LuChevronDown />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content maxW="sm">
              {ACL_PERMISSIONS.map((level) => (
                <Menu.Item key={level.value} value={level.value} onSelect={() => acl.send({ type: 'acl.set', permission: level.value })}>
                  <Stack gap="0">
                    <Text fontWeight="semibold">{level.value}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {level.description}
                    </Text>
                  </Stack>
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {error !== undefined && (
        <Text fontSize="xs" color="fg.error" role="alert" truncate title={errorMessage(error)}>
          {errorMessage(error)}
        </Text>
      )}
    </HStack>
  );
}
