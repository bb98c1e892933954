import { Badge, Box, Breadcrumb, Code, Flex, Link, Stack, Switch, Table } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuPencil } from 'react-icons/lu';
import { formatDate } from '../../lib/format';
import { arn } from '../../lib/permission-names';
import type { PolicyEditorActorRef } from '../../machines/policy-editor/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { PermittedButton } from '../components/PermittedButton';
import { lazyDialog } from '../components/lazyDialog';

// Fetched after the first paint (lazyDialog): the editor is none of the page's first paint.
const PolicyEditorDialog = lazyDialog(
  () => import('./PolicyEditorDialog').then((m) => m.PolicyEditorDialog),
  ({ editor }) => useSelector(editor, (s) => !s.matches('closed')),
);

/** A policy: breadcrumb, Edit, the JSON View switch, its statements as a table (allow green, deny red). */
export function PolicyPage({ editor }: { editor: PolicyEditorActorRef }) {
  const policy = useSelector(editor, (s) => s.context.policy);
  const jsonView = useSelector(editor, (s) => s.context.jsonView);
  const error = useSelector(editor, (s) => (s.matches('closed') ? s.context.error : undefined));
  if (!policy) return null;
  const createdAt = policy.creation_date === undefined ? '' : formatDate(policy.creation_date);
  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Breadcrumb.Root aria-label="Breadcrumb">
          <Breadcrumb.List>
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild>
                <RouterLink to="/auth/policies">Policies</RouterLink>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
            <Breadcrumb.Separator />
            <Breadcrumb.Item>
              <Breadcrumb.CurrentLink>{policy.id}</Breadcrumb.CurrentLink>
            </Breadcrumb.Item>
          </Breadcrumb.List>
        </Breadcrumb.Root>
        <Switch.Root ms="auto" checked={jsonView} colorPalette="tarn" onCheckedChange={(d) => editor.send({ type: 'view.json', on: d.checked })}>
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>JSON View</Switch.Label>
        </Switch.Root>
        <PermittedButton action="auth:UpdatePolicy" resource={arn.policy(policy.id)} size="sm" colorPalette="tarn" onClick={() => editor.send({ type: 'editor.open' })}>
          <LuPencil />
          Edit
        </PermittedButton>
      </Flex>
      {error !== undefined && <ErrorAlert error={error} />}
      {jsonView ? (
        <Box as="pre" aria-label="Policy JSON" fontFamily="mono" fontSize="sm" bg="bg.muted" p="3" borderRadius="md" overflow="auto">
          {JSON.stringify(policy, null, 2)}
        </Box>
      ) : (
        <Table.Root size="sm" variant="outline" aria-label="Statements">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Actions</Table.ColumnHeader>
              <Table.ColumnHeader>Resource</Table.ColumnHeader>
              <Table.ColumnHeader>Effect</Table.ColumnHeader>
              <Table.ColumnHeader>Created At</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {policy.statement.map((statement, index) => (
              <Table.Row key={index}>
                <Table.Cell>
                  <Stack gap="0.5">
                    {statement.action.map((action) => (
                      <Code key={action} width="fit-content">
                        {action}
                      </Code>
                    ))}
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  <Code wordBreak="break-all">{statement.resource}</Code>
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={statement.effect === 'allow' ? 'green' : 'red'}>{statement.effect}</Badge>
                </Table.Cell>
                <Table.Cell>{createdAt}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <PolicyEditorDialog editor={editor} />
    </Stack>
  );
}

/** Policies' detail link, for other screens' policy lists. */
export function PolicyLink({ id }: { id: string }) {
  return (
    <Link asChild colorPalette="tarn" color="colorPalette.fg" fontWeight="semibold">
      <RouterLink to="/auth/policies/$policyId" params={{ policyId: id }}>
        {id}
      </RouterLink>
    </Link>
  );
}
