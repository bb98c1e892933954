import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';
import type { HookRun } from '../../api/types';
import { hookExecutionTitle, type HookLogActorRef } from '../../machines/action-run';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { RunStatusIcon } from './RunStatusIcon';

export interface HookExecutionProps {
  hook: HookRun;
  log: HookLogActorRef;
}

/** One hook execution: its status and title, and its log when expanded (a skipped hook has none). */
export function HookExecution({ hook, log }: HookExecutionProps) {
  const expanded = useSelector(log, (s) => s.matches('expanded'));
  const expandable = useSelector(log, (s) => s.can({ type: 'log.toggle' }));
  const text = useSelector(log, (s) => s.context.text);
  const loading = useSelector(log, (s) => s.hasTag('loading'));
  const failed = useSelector(log, (s) => s.matches({ expanded: 'failed' }));
  const error = useSelector(log, (s) => s.context.error);
  const title = hookExecutionTitle(hook);
  const logId = `hook-log-${hook.hook_run_id}`;
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="2">
      <Button
        variant="ghost"
        justifyContent="start"
        size="sm"
        disabled={!expandable}
        aria-expanded={expanded}
        aria-controls={expanded ? logId : undefined}
        onClick={() => log.send({ type: 'log.toggle' })}
      >
        {expanded ? <LuChevronDown /> : <LuChevronRight />}
        <RunStatusIcon status={hook.status} />
        <Text as="span" fontWeight="semibold">
          {hook.hook_id}
        </Text>
        <Text as="span" color="fg.muted">
          {title}
        </Text>
      </Button>
      {expanded && (
        <Box id={logId}>
          {failed ? (
            <ErrorAlert error={error} onRetry={() => log.send({ type: 'log.retry' })} />
          ) : text === undefined ? (
            loading && <Loading label="Loading log..." />
          ) : (
            <Box
              as="pre"
              aria-label={`Log of ${hook.hook_id}`}
              fontFamily="mono"
              fontSize="sm"
              whiteSpace="pre-wrap"
              bg="bg.muted"
              p="3"
              borderRadius="md"
              maxH="60vh"
              overflow="auto"
            >
              {text || '(empty log)'}
            </Box>
          )}
        </Box>
      )}
    </Stack>
  );
}

/** Several executions, in hook run id order (the machine keeps them sorted). */
export function HookExecutions({ hooks, logs }: { hooks: HookRun[]; logs: Record<string, HookLogActorRef> }) {
  return (
    <Stack gap="2">
      {hooks.map((hook) => {
        const log = logs[hook.hook_run_id];
        return log && <HookExecution key={hook.hook_run_id} hook={hook} log={log} />;
      })}
    </Stack>
  );
}
