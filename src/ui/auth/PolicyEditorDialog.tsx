import { Alert, Button, Field, HStack, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { useSelector } from '@xstate/react';
import { idProblem } from '../../machines/policy-editor/document';
import type { PolicyEditorActorRef, PolicyEditorSnapshot } from '../../machines/policy-editor/machine';
import { ErrorAlert } from '../components/ErrorAlert';

const selectView = (s: PolicyEditorSnapshot) => ({
  open: !s.matches('closed'),
  mode: s.context.mode,
  id: s.context.id,
  text: s.context.text,
  parseError: s.context.parseError,
  problems: s.context.problems,
  completions: s.context.completions,
  error: s.context.error,
  busy: s.hasTag('busy'),
  canSave: s.can({ type: 'editor.save' }),
});

/** Create Policy / Edit Policy: the id, the JSON document checked as it is typed, action names completed. */
export function PolicyEditorDialog({ editor }: { editor: PolicyEditorActorRef }) {
  const view = useSelector(editor, selectView);
  const title = view.mode === 'create' ? 'Create Policy' : 'Edit Policy';
  const cancel = () => editor.send({ type: 'editor.cancel' });
  return (
    <Dialog.Root open={view.open} onOpenChange={(details) => !details.open && !view.busy && cancel()} size="xl">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              aria-label={title}
              onSubmit={(event) => {
                event.preventDefault();
                editor.send({ type: 'editor.save' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Field.Root invalid={idProblem(view.id) !== undefined}>
                    <Field.Label>Policy ID</Field.Label>
                    <Input
                      value={view.id}
                      disabled={view.mode === 'edit'}
                      placeholder="Policy ID (e.g. 'MyRepoReadWrite')"
                      onChange={(e) => editor.send({ type: 'id.change', id: e.target.value })}
                    />
                    <Field.ErrorText>{idProblem(view.id)}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={view.parseError !== undefined || view.problems.length > 0}>
                    <Field.Label>Policy document</Field.Label>
                    <Textarea
                      value={view.text}
                      rows={14}
                      fontFamily="mono"
                      fontSize="sm"
                      spellCheck={false}
                      onChange={(e) => editor.send({ type: 'text.change', text: e.target.value, cursor: e.target.selectionStart })}
                      onSelect={(e) => {
                        const target = e.currentTarget;
                        if (target.value === view.text) editor.send({ type: 'text.change', text: target.value, cursor: target.selectionStart });
                      }}
                    />
                    <Field.ErrorText>{view.parseError}</Field.ErrorText>
                  </Field.Root>
                  {view.completions.length > 0 && (
                    <HStack gap="1" wrap="wrap" role="listbox" aria-label="Action names">
                      {view.completions.map((action) => (
                        <Button
                          key={action}
                          role="option"
                          aria-selected="false"
                          size="xs"
                          variant="subtle"
                          fontFamily="mono"
                          onClick={() => editor.send({ type: 'completion.accept', action })}
                        >
                          {action}
                        </Button>
                      ))}
                    </HStack>
                  )}
                  {view.problems.length > 0 && (
                    <Alert.Root status="warning" aria-label="Policy problems">
                      <Alert.Indicator />
                      <Stack gap="0.5">
                        {view.problems.map((problem) => (
                          <Text key={problem} fontSize="sm">
                            {problem}
                          </Text>
                        ))}
                      </Stack>
                    </Alert.Root>
                  )}
                  {view.error !== undefined && <ErrorAlert error={view.error} />}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" disabled={view.busy} onClick={cancel}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="tarn" loading={view.busy} disabled={!view.canSave}>
                  Save
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
