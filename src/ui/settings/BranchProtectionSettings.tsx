import { Alert, Button, CloseButton, Field, Heading, HStack, IconButton, Input, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { useSelector } from '@xstate/react';
import { LuPlus, LuRefreshCw } from 'react-icons/lu';
import { protectionChangeRefusal, type BranchProtectionActorRef } from '../../machines/branch-protection';
import { arn } from '../../lib/permission-names';
import { ErrorAlert } from '../components/ErrorAlert';
import { PermittedButton } from '../components/PermittedButton';
import { Loading } from '../components/Loading';

/** Settings → Branch Protection: the protected name patterns, each with Delete, and Add. */
export function BranchProtectionSettings({ repoId, rules: machine }: { repoId: string; rules: BranchProtectionActorRef }) {
  const rules = useSelector(machine, (s) => s.context.rules);
  const loading = useSelector(machine, (s) => s.hasTag('loading'));
  const failed = useSelector(machine, (s) => s.matches({ rules: 'failed' }));
  const busy = useSelector(machine, (s) => s.hasTag('busy'));
  const canAdd = useSelector(machine, (s) => s.can({ type: 'add.open' }));
  const canDelete = useSelector(machine, (s) => s.can({ type: 'rule.delete', pattern: '' }));
  // The server's preflight; the user's own policies (PermittedButton) may refuse as well.
  const refusal = useSelector(machine, protectionChangeRefusal);
  const notice = useSelector(machine, (s) => s.context.notice);
  const error = useSelector(machine, (s) => s.context.error);
  // Adding and deleting a rule both set the repository's rules.
  const needs = { action: 'branches:SetBranchProtectionRules', resource: arn.repository(repoId) };
  return (
    <Stack gap="4">
      <HStack gap="2">
        <Heading size="md" me="auto">
          Branch protection rules
        </Heading>
        <IconButton size="sm" variant="ghost" aria-label="Refresh" disabled={busy} onClick={() => machine.send({ type: 'rules.refresh' })}>
          <LuRefreshCw />
        </IconButton>
        <PermittedButton
          {...needs}
          size="sm"
          colorPalette="tarn"
          disabled={!canAdd}
          title={refusal}
          loading={busy}
          onClick={() => machine.send({ type: 'add.open' })}
        >
          <LuPlus />
          Add
        </PermittedButton>
      </HStack>
      <Text color="fg.muted">
        Define branch protection rules to prevent direct changes. Changes to protected branches can only be done by
        merging from other branches.
      </Text>
      {notice !== undefined && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Description flex="1">{notice}</Alert.Description>
          <CloseButton size="sm" aria-label="Dismiss" onClick={() => machine.send({ type: 'notice.dismiss' })} />
        </Alert.Root>
      )}
      {loading ? (
        <Loading label="Loading branch protection rules..." />
      ) : failed ? (
        <ErrorAlert error={error} onRetry={() => machine.send({ type: 'rules.refresh' })} />
      ) : (
        <>
          {error !== undefined && <ErrorAlert error={error} />}
          {rules.length === 0 ? (
            <Text color="fg.muted">There aren&apos;t any rules yet.</Text>
          ) : (
            <Table.Root size="sm" variant="outline" aria-label="Branch protection rules" maxW="2xl">
              <Table.Body>
                {rules.map((rule) => (
                  <Table.Row key={rule.pattern}>
                    <Table.Cell fontFamily="mono">{rule.pattern}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <PermittedButton
                        {...needs}
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        disabled={!canDelete}
                        title={refusal}
                        aria-label={`Delete rule ${rule.pattern}`}
                        onClick={() => machine.send({ type: 'rule.delete', pattern: rule.pattern })}
                      >
                        Delete
                      </PermittedButton>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </>
      )}
      <AddRuleDialog machine={machine} />
    </Stack>
  );
}

function AddRuleDialog({ machine }: { machine: BranchProtectionActorRef }) {
  const open = useSelector(machine, (s) => s.matches({ rules: { ready: 'adding' } }));
  const draft = useSelector(machine, (s) => s.context.draft);
  const canCreate = useSelector(machine, (s) => s.can({ type: 'add.confirm' }));
  const cancel = () => machine.send({ type: 'add.cancel' });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                machine.send({ type: 'add.confirm' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Create Branch Protection Rule</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Field.Root>
                  <Field.Label>Branch name pattern</Field.Label>
                  <Input
                    value={draft}
                    autoFocus
                    autoComplete="off"
                    placeholder="e.g. main or release-*"
                    onChange={(e) => machine.send({ type: 'add.change', pattern: e.target.value })}
                  />
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={cancel}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="tarn" disabled={!canCreate}>
                  Create
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
