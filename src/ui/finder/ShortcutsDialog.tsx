import { Fragment } from 'react';
import { CloseButton, Kbd, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { shortcutGroups, type Chord } from '../../lib/shortcuts';

export const SHORTCUTS_TITLE = 'Keyboard shortcuts';

/** Every shortcut of lib/shortcuts (`?`). */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog.Root open size="lg" onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{SHORTCUTS_TITLE}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                {shortcutGroups.map((group) => (
                  <Table.Root key={group.title} size="sm" variant="line">
                    <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" mt="0" mb="1">
                      {group.title}
                    </Table.Caption>
                    <Table.Body>
                      {group.shortcuts.map((shortcut) => (
                        <Table.Row key={shortcut.description}>
                          <Table.Cell w="40%" whiteSpace="nowrap">
                            <Chords chords={shortcut.chords} />
                          </Table.Cell>
                          <Table.Cell>{shortcut.description}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Chords({ chords }: { chords: readonly Chord[] }) {
  return chords.map((chord, index) => (
    <Fragment key={chord.join('+')}>
      {index > 0 && (
        <Text as="span" color="fg.muted" mx="1">
          or
        </Text>
      )}
      {chord.map((key, k) => (
        <Fragment key={key}>
          {k > 0 && '+'}
          <Kbd size="sm">{key}</Kbd>
        </Fragment>
      ))}
    </Fragment>
  ));
}
