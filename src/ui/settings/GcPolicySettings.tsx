import { Alert, Box, Button, Field, Heading, HStack, IconButton, Stack, Switch, Table, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuRefreshCw } from 'react-icons/lu';
import type { GarbageCollectionRules } from '../../api/types';
import { gcPolicyChangeRefusal, policyText, type GcPolicyActorRef } from '../../machines/gc-policy';
import { arn } from '../../lib/permission-names';
import { ErrorAlert } from '../components/ErrorAlert';
import { PermittedButton, type Needs } from '../components/PermittedButton';
import { Loading } from '../components/Loading';

/** Settings → Garbage Collection: the policy as a table or JSON, its JSON editor, and Delete Policy. */
export function GcPolicySettings({ repoId, policy }: { repoId: string; policy: GcPolicyActorRef }) {
  const rules = useSelector(policy, (s) => s.context.rules);
  const loading = useSelector(policy, (s) => s.hasTag('loading'));
  const failed = useSelector(policy, (s) => s.matches({ policy: 'failed' }));
  const viewing = useSelector(policy, (s) => s.matches({ policy: 'viewing' }) || s.matches({ policy: 'deleting' }));
  const editing = useSelector(policy, (s) => s.matches({ policy: 'editing' }) || s.matches({ policy: 'saving' }));
  const busy = useSelector(policy, (s) => s.hasTag('busy'));
  const deleting = useSelector(policy, (s) => s.matches({ policy: 'deleting' }));
  // The server's preflight; the user's own policies (PermittedButton) may refuse as well.
  const refusal = useSelector(policy, gcPolicyChangeRefusal);
  const error = useSelector(policy, (s) => s.context.error);
  const jsonView = useSelector(policy, (s) => s.context.jsonView);
  const canEdit = useSelector(policy, (s) => s.can({ type: 'policy.edit' }));
  const canDelete = useSelector(policy, (s) => s.can({ type: 'policy.delete' }));
  // The server asks the same permission to delete the policy as to set it.
  const needs = { action: 'retention:SetGarbageCollectionRules', resource: arn.repository(repoId) };

  return (
    <Stack gap="4">
      <HStack gap="2" wrap="wrap">
        <Heading size="md" me="auto">
          Garbage collection policy
        </Heading>
        <IconButton size="sm" variant="ghost" aria-label="Refresh" disabled={busy} onClick={() => policy.send({ type: 'policy.refresh' })}>
          <LuRefreshCw />
        </IconButton>
        <PermittedButton
          {...needs}
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={!canDelete}
          title={refusal}
          loading={deleting}
          onClick={() => policy.send({ type: 'policy.delete' })}
        >
          Delete Policy
        </PermittedButton>
        <PermittedButton
          {...needs}
          size="sm"
          colorPalette="tarn"
          disabled={!canEdit}
          title={refusal}
          onClick={() => policy.send({ type: 'policy.edit' })}
        >
          Edit Policy
        </PermittedButton>
      </HStack>
      <Text color="fg.muted">
        This policy determines for how long objects are kept in the storage after they are deleted or overwritten on a
        branch.
      </Text>
      {loading ? (
        <Loading label="Loading the garbage collection policy..." />
      ) : failed ? (
        <ErrorAlert error={error} onRetry={() => policy.send({ type: 'policy.refresh' })} />
      ) : (
        <>
          {rules === null && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>A garbage collection policy is not set yet.</Alert.Title>
            </Alert.Root>
          )}
          {viewing && rules && (
            <PolicyView rules={rules} jsonView={jsonView} onJsonView={(on) => policy.send({ type: 'view.json', on })} />
          )}
          {viewing && error !== undefined && <ErrorAlert error={error} />}
          {editing && <PolicyEditor policy={policy} creating={rules === null} needs={needs} refusal={refusal} />}
        </>
      )}
    </Stack>
  );
}

interface PolicyViewProps {
  rules: GarbageCollectionRules;
  jsonView: boolean;
  onJsonView: (on: boolean) => void;
}

function PolicyView({ rules, jsonView, onJsonView }: PolicyViewProps) {
  return (
    <Stack gap="3">
      <Switch.Root checked={jsonView} onCheckedChange={(details) => onJsonView(details.checked)} colorPalette="tarn">
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>JSON view</Switch.Label>
      </Switch.Root>
      {jsonView ? (
        <Box as="pre" aria-label="Policy JSON" fontFamily="mono" fontSize="sm" bg="bg.muted" p="3" borderRadius="md" overflow="auto">
          {policyText(rules)}
        </Box>
      ) : (
        <Stack gap="3">
          <Text>
            Default retention days: <strong>{rules.default_retention_days}</strong>
          </Text>
          <Table.Root size="sm" variant="outline" aria-label="Retention by branch" maxW="xl">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Branch</Table.ColumnHeader>
                <Table.ColumnHeader>Retention Days</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rules.branches.map((rule) => (
                <Table.Row key={rule.branch_id}>
                  <Table.Cell>{rule.branch_id}</Table.Cell>
                  <Table.Cell>{rule.retention_days}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
      )}
    </Stack>
  );
}

interface PolicyEditorProps {
  policy: GcPolicyActorRef;
  creating: boolean;
  /** The permission saving needs. */
  needs: Needs;
  /** Why the server's preflight does not allow saving (yet). */
  refusal: string | undefined;
}

/** The policy as JSON text: Create Policy on the template when none is set, else Edit Policy. */
function PolicyEditor({ policy, creating, needs, refusal }: PolicyEditorProps) {
  const text = useSelector(policy, (s) => s.context.text);
  const parseError = useSelector(policy, (s) => s.context.parseError);
  const error = useSelector(policy, (s) => s.context.error);
  const saving = useSelector(policy, (s) => s.matches({ policy: 'saving' }));
  const canSave = useSelector(policy, (s) => s.can({ type: 'edit.save' }));
  return (
    <form
      noValidate
      aria-label={creating ? 'Create Policy' : 'Edit Policy'}
      onSubmit={(event) => {
        event.preventDefault();
        policy.send({ type: 'edit.save' });
      }}
    >
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="4">
        <Heading size="sm">{creating ? 'Create Policy' : 'Edit Policy'}</Heading>
        <Field.Root invalid={parseError !== undefined}>
          <Field.Label>Policy JSON</Field.Label>
          <Textarea
            value={text}
            rows={12}
            fontFamily="mono"
            fontSize="sm"
            spellCheck={false}
            onChange={(e) => policy.send({ type: 'edit.change', text: e.target.value })}
          />
          <Field.ErrorText>{parseError}</Field.ErrorText>
        </Field.Root>
        {error !== undefined && <ErrorAlert error={error} />}
        <HStack gap="2" justify="end">
          <Button variant="outline" disabled={saving} onClick={() => policy.send({ type: 'edit.cancel' })}>
            Cancel
          </Button>
          <PermittedButton {...needs} type="submit" colorPalette="tarn" loading={saving} disabled={!canSave} title={refusal}>
            Save
          </PermittedButton>
        </HStack>
      </Stack>
    </form>
  );
}
