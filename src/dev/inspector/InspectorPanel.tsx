// The dev-only statechart inspector: a corner button opens a panel listing the live machine actors; for the one
// selected it draws the chart with the active states highlighted, logs its events and sends it events.
import { Suspense, use, useId, useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Badge, Box, Button, Code, Field, Flex, Heading, HStack, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import type { AnyStateMachine, StateValue } from 'xstate';
import { activeStateIds, chartOf } from '../statechart-graph';
import { FONT_SIZE, layoutChart, SMALL_FONT_SIZE, type ChartLayout } from '../statechart-layout';
import { chartSvg, FONT_FAMILY } from '../statechart-svg';
import type { InspectedActor, InspectorStore } from './store';

export function InspectorPanel({ store }: { store: InspectorStore }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <Button
        position="fixed"
        bottom="3"
        left="3"
        zIndex="max"
        size="xs"
        variant="solid"
        colorPalette="purple"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Close statecharts' : 'Statecharts'}
      </Button>
      {open && <Panel id={panelId} store={store} />}
    </>
  );
}

function Panel({ id, store }: { id: string; store: InspectorStore }) {
  const actors = useSyncExternalStore(store.subscribe, store.getActors);
  const [selectedId, setSelectedId] = useState<string>();
  const [showStopped, setShowStopped] = useState(false);
  const listed = actors.filter((actor) => showStopped || actor.status === 'active' || actor.sessionId === selectedId);
  // Until one is chosen, the newest active root actor: the screen being looked at.
  const selected =
    actors.find((actor) => actor.sessionId === selectedId) ??
    [...actors].reverse().find((actor) => actor.status === 'active' && actor.parent === undefined);
  // Docked on the right, so the screen being inspected stays usable on the left.
  return (
    <Box
      as="section"
      id={id}
      aria-label="Statechart inspector"
      position="fixed"
      top="0"
      right="0"
      bottom="0"
      zIndex="max"
      width="min(880px, 60vw)"
      bg="bg.panel"
      borderLeftWidth="1px"
      boxShadow="lg"
      display="flex"
      overflow="hidden"
    >
      <Stack as="nav" aria-label="Actors" width="220px" flexShrink="0" borderRightWidth="1px" p="2" gap="2" overflowY="auto">
        <Heading as="h2" size="sm">
          Actors
        </Heading>
        <chakra.label display="flex" gap="2" fontSize="xs" alignItems="center">
          <input type="checkbox" checked={showStopped} onChange={(event) => setShowStopped(event.target.checked)} />
          Show stopped actors
        </chakra.label>
        <chakra.ul listStyleType="none" aria-label="Live actors" display="flex" flexDirection="column" gap="1">
          {listed.map((actor) => (
            <li key={actor.sessionId}>
              <ActorButton
                actor={actor}
                depth={depthOf(actor, actors)}
                selected={actor === selected}
                onSelect={() => setSelectedId(actor.sessionId)}
              />
            </li>
          ))}
        </chakra.ul>
        {listed.length === 0 && <Text fontSize="sm">No machine actor is running.</Text>}
      </Stack>
      {selected ? <ActorDetail key={selected.sessionId} actor={selected} /> : <Box flex="1" />}
    </Box>
  );
}

function depthOf(actor: InspectedActor, actors: readonly InspectedActor[]): number {
  let depth = 0;
  let parent = actor.parent;
  while (parent !== undefined && depth < 8) {
    depth += 1;
    parent = actors.find((candidate) => candidate.sessionId === parent)?.parent;
  }
  return depth;
}

function ActorButton({ actor, depth, selected, onSelect }: { actor: InspectedActor; depth: number; selected: boolean; onSelect: () => void }) {
  return (
    <Button
      variant={selected ? 'subtle' : 'ghost'}
      size="xs"
      width="full"
      justifyContent="space-between"
      paddingInlineStart={`${8 + depth * 12}px`}
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
    >
      <Text as="span" truncate>
        {actor.machine.id} <chakra.span color="fg.muted">{actor.id}</chakra.span>
      </Text>
      <Badge size="xs" colorPalette={actor.status === 'active' ? 'green' : actor.status === 'error' ? 'red' : 'gray'}>
        {actor.status}
      </Badge>
    </Button>
  );
}

function ActorDetail({ actor }: { actor: InspectedActor }) {
  const value = actor.ref.getSnapshot().value as StateValue;
  return (
    <Flex direction="column" flex="1" minWidth="0" p="2" gap="2">
      <HStack justify="space-between">
        <Heading as="h2" size="sm">
          {actor.machine.id} <chakra.span color="fg.muted">({actor.id})</chakra.span>
        </Heading>
        <Code size="sm" aria-label="State value">
          {JSON.stringify(value)}
        </Code>
      </HStack>
      <Box flex="1" minHeight="0" overflow="auto" borderWidth="1px" borderRadius="sm" bg="white">
        <Suspense fallback={<Text p="2">Laying out…</Text>}>
          <Chart machine={actor.machine} value={value} />
        </Suspense>
      </Box>
      <Flex gap="2" height="45%" minHeight="0" direction={{ base: 'column', xl: 'row' }}>
        <SendEventForm actor={actor} />
        <EventLog actor={actor} />
      </Flex>
    </Flex>
  );
}

// Layouts are cached by the machine's definition: `.provide()` copies of one machine share it.
const layouts = new WeakMap<object, Promise<ChartLayout>>();
function layoutOf(machine: AnyStateMachine): Promise<ChartLayout> {
  let layout = layouts.get(machine.config);
  if (!layout) {
    layout = layoutChart(chartOf(machine));
    layouts.set(machine.config, layout);
  }
  return layout;
}

// Chakra's reset gives every element `font: inherit`, which outranks the SVG's font attributes: the text must keep
// the font its boxes were sized for. A wide chart is scaled down to the panel's width, whole at a glance.
const chartCss = {
  '& svg': { fontFamily: FONT_FAMILY, fontSize: `${FONT_SIZE}px`, lineHeight: 'normal', maxWidth: '100%', height: 'auto' },
  [`& svg [font-size="${SMALL_FONT_SIZE}"]`]: { fontSize: `${SMALL_FONT_SIZE}px` },
  '& svg [font-weight="bold"]': { fontWeight: 'bold' },
};

function Chart({ machine, value }: { machine: AnyStateMachine; value: StateValue }) {
  const layout = use(layoutOf(machine));
  const key = JSON.stringify(value);
  // The markup is our own writer's, from the machine's definition, with every text escaped.
  const html = useMemo(() => chartSvg(layout, { active: activeStateIds(JSON.parse(key) as StateValue) }), [layout, key]);
  return <Box role="figure" aria-label={`Statechart of ${machine.id}`} css={chartCss} dangerouslySetInnerHTML={{ __html: html }} />;
}

function SendEventForm({ actor }: { actor: InspectedActor }) {
  const [type, setType] = useState('');
  const [payload, setPayload] = useState('{}');
  const [error, setError] = useState<string>();
  const stopped = actor.status !== 'active';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload || '{}');
    } catch (cause) {
      setError(`The payload is not JSON: ${cause instanceof Error ? cause.message : String(cause)}`);
      return;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      setError('The payload must be a JSON object.');
      return;
    }
    setError(undefined);
    actor.ref.send({ ...parsed, type: type.trim() });
  };
  return (
    <Stack as="form" aria-label="Send an event" width={{ base: 'full', xl: '260px' }} flexShrink="0" gap="2" onSubmit={submit}>
      <Field.Root required>
        <Field.Label fontSize="xs">Event type</Field.Label>
        <Input size="xs" value={type} onChange={(e) => setType(e.target.value)} fontFamily="mono" />
      </Field.Root>
      <Field.Root invalid={error !== undefined}>
        <Field.Label fontSize="xs">Payload (JSON)</Field.Label>
        <Textarea size="xs" rows={4} value={payload} onChange={(e) => setPayload(e.target.value)} fontFamily="mono" />
        {error && (
          <Text role="alert" fontSize="xs" color="fg.error">
            {error}
          </Text>
        )}
      </Field.Root>
      <Button type="submit" size="xs" disabled={stopped || type.trim() === ''}>
        Send
      </Button>
      {stopped && <Text fontSize="xs">This actor has {actor.status === 'done' ? 'finished' : 'stopped'}.</Text>}
    </Stack>
  );
}

function EventLog({ actor }: { actor: InspectedActor }) {
  return (
    <Stack flex="1" minWidth="0" gap="1">
      <Heading as="h3" size="xs">
        Events ({actor.events.length}, newest first)
      </Heading>
      <chakra.ol aria-label="Event log" listStyleType="none" overflowY="auto" flex="1" fontSize="xs" borderWidth="1px" borderRadius="sm">
        {actor.events.map((event) => (
          <chakra.li key={event.seq} px="2" py="1" borderBottomWidth="1px">
            <HStack gap="2">
              <Code size="sm">{event.type}</Code>
              {event.source && <Text color="fg.muted">from {event.source}</Text>}
            </HStack>
            {event.payload !== '{}' && (
              <chakra.pre whiteSpace="pre-wrap" wordBreak="break-all" color="fg.muted">
                {event.payload}
              </chakra.pre>
            )}
          </chakra.li>
        ))}
      </chakra.ol>
    </Stack>
  );
}
