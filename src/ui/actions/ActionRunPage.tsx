import type { ReactNode } from 'react';
import { Grid, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActionRun } from '../../api/types';
import { formatDate, shortCommitId } from '../../lib/format';
import { shownStatus, type ActionRunActorRef } from '../../machines/action-run';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { HookExecutions } from './HookExecution';
import { RunStatusIcon } from './RunStatusIcon';

export interface ActionRunPageProps {
  run: ActionRunActorRef;
  repoId: string;
  /** The action whose hook executions are shown (the URL's `action`); none shows the summary. */
  action?: string;
}

/** The run's summary and, per action, its hook executions with their logs. */
export function ActionRunPage({ run: runActor, repoId, action }: ActionRunPageProps) {
  const run = useSelector(runActor, (s) => s.context.run);
  const hooks = useSelector(runActor, (s) => s.context.hooks);
  const logs = useSelector(runActor, (s) => s.context.logs);
  const failed = useSelector(runActor, (s) => s.matches('failed'));
  const error = useSelector(runActor, (s) => s.context.error);
  const retry = () => runActor.send({ type: 'run.retry' });

  if (!run) return failed ? <ErrorAlert error={error} onRetry={retry} /> : <Loading label="Loading action run..." />;

  const actions = [...new Set(hooks.map((hook) => hook.action))].sort();
  const selected = action !== undefined && actions.includes(action) ? action : undefined;
  return (
    <Stack gap="4">
      {failed && <ErrorAlert error={error} onRetry={retry} />}
      <Grid templateColumns={{ base: '1fr', md: '14rem 1fr' }} gap="6" alignItems="start">
        <Stack as="nav" aria-label="Actions of the run" gap="1" borderWidth="1px" borderRadius="md" p="2">
          <SideLink repoId={repoId} runId={run.run_id} label="Summary" current={selected === undefined} />
          {actions.map((name) => (
            <SideLink key={name} repoId={repoId} runId={run.run_id} action={name} label={name} current={selected === name} />
          ))}
        </Stack>
        {selected === undefined ? (
          <RunSummary run={run} repoId={repoId} />
        ) : (
          <Stack gap="3">
            <Heading size="md">{selected}</Heading>
            <HookExecutions hooks={hooks.filter((hook) => hook.action === selected)} logs={logs} />
          </Stack>
        )}
      </Grid>
    </Stack>
  );
}

interface SideLinkProps {
  repoId: string;
  runId: string;
  action?: string;
  label: string;
  current: boolean;
}

function SideLink({ repoId, runId, action, label, current }: SideLinkProps) {
  return (
    <Link
      asChild
      px="3"
      py="1.5"
      borderRadius="md"
      bg={current ? 'tarn.subtle' : undefined}
      fontWeight={current ? 'semibold' : 'normal'}
      _hover={{ textDecoration: 'none', bg: 'bg.muted' }}
    >
      <RouterLink
        to="/repositories/$repoId/actions/$runId"
        params={{ repoId, runId }}
        search={{ action }}
        aria-current={current ? 'page' : undefined}
      >
        {label}
      </RouterLink>
    </Link>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell fontWeight="semibold" width="44" verticalAlign="middle">
        {label}
      </Table.Cell>
      <Table.Cell verticalAlign="middle">{children}</Table.Cell>
    </Table.Row>
  );
}

function RunSummary({ run, repoId }: { run: ActionRun; repoId: string }) {
  return (
    <Table.Root size="sm" aria-label="Summary" variant="outline">
      <Table.Body>
        <InfoRow label="ID">
          <Text fontFamily="mono">{run.run_id}</Text>
        </InfoRow>
        <InfoRow label="Event Type">{run.event_type}</InfoRow>
        <InfoRow label="Status">
          <HStack gap="2">
            <RunStatusIcon status={run.status} />
            <Text>{shownStatus(run.status)}</Text>
          </HStack>
        </InfoRow>
        <InfoRow label="Branch">
          <Link asChild>
            <RouterLink to="/repositories/$repoId/objects" params={{ repoId }} search={{ ref: run.branch }}>
              {run.branch}
            </RouterLink>
          </Link>
        </InfoRow>
        <InfoRow label="Commit">
          {run.commit_id && (
            <Link asChild fontFamily="mono">
              <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: run.commit_id }}>
                {shortCommitId(run.commit_id)}
              </RouterLink>
            </Link>
          )}
        </InfoRow>
        <InfoRow label="Start Time">{formatDate(run.start_time)}</InfoRow>
        <InfoRow label="End Time">{run.end_time ? formatDate(run.end_time) : ''}</InfoRow>
      </Table.Body>
    </Table.Root>
  );
}
