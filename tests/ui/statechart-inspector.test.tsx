import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { assign, setup } from 'xstate';
import { useSelector } from '@xstate/react';
import { InspectorPanel } from '../../src/dev/inspector/InspectorPanel';
import { createInspectorStore, MAX_EVENTS_PER_ACTOR, payloadJson } from '../../src/dev/inspector/store';
import { setRootInspector, useActorRef } from '../../src/lib/root-actors';
import { renderUi } from './render';

const doorMachine = setup({
  types: {
    context: {} as { opened: number },
    events: {} as { type: 'door.open'; by: string } | { type: 'door.close' } | { type: 'door.login'; secretAccessKey: string },
  },
}).createMachine({
  id: 'door',
  context: { opened: 0 },
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': { target: 'open', actions: assign({ opened: ({ context }) => context.opened + 1 }) } } },
    open: { on: { 'door.close': 'closed' } },
  },
  on: { 'door.login': {} },
});

/** A screen holding a root actor, as the console's routes do. */
function Door() {
  const door = useActorRef(doorMachine);
  const opened = useSelector(door, (snapshot) => snapshot.context.opened);
  return (
    <div>
      <p>Opened {opened} times</p>
      <button onClick={() => door.send({ type: 'door.open', by: 'ui test' })}>Open the door</button>
      <button onClick={() => door.send({ type: 'door.login', secretAccessKey: 'wJalrXUtnFEMI' })}>Sign in</button>
    </div>
  );
}

function renderWithInspector() {
  const store = createInspectorStore();
  setRootInspector(store.inspect);
  renderUi(
    <>
      <Door />
      <InspectorPanel store={store} />
    </>,
  );
  return store;
}

/** Opening draws the chart, which suspends until ELK has laid it out. */
async function openPanel() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Statecharts' }));
  });
}

const activeStates = () =>
  [...document.querySelectorAll('[role="figure"] [data-active="true"]')].map((element) => element.getAttribute('data-state'));

afterEach(() => setRootInspector(undefined));

describe('statechart inspector panel', () => {
  it('opens from a keyboard-reachable button and lists the running machine actors', async () => {
    renderWithInspector();
    const toggle = screen.getByRole('button', { name: 'Statecharts' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Statechart inspector' })).toBeNull();
    toggle.focus();
    expect(document.activeElement).toBe(toggle);
    await openPanel();
    const panel = await screen.findByRole('region', { name: 'Statechart inspector' });
    expect(screen.getByRole('button', { name: 'Close statecharts' }).getAttribute('aria-controls')).toBe(panel.id);
    const actors = within(screen.getByRole('list', { name: 'Live actors' })).getAllByRole('listitem');
    expect(actors).toHaveLength(1);
    expect(actors[0]?.textContent).toContain('door');
    expect(actors[0]?.textContent).toContain('active');
  });

  it('draws the chart with the active state highlighted, and follows the actor as events arrive', async () => {
    renderWithInspector();
    await openPanel();
    await screen.findByRole('figure', { name: 'Statechart of door' });
    await waitFor(() => expect(activeStates()).toEqual(['', 'closed']), { timeout: 5000 });

    fireEvent.click(screen.getByRole('button', { name: 'Open the door' }));
    await waitFor(() => expect(activeStates()).toEqual(['', 'open']), { timeout: 5000 });
    const log = screen.getByRole('list', { name: 'Event log' });
    const newest = within(log).getAllByRole('listitem')[0];
    expect(newest?.textContent).toContain('door.open');
    expect(newest?.textContent).toContain('"by": "ui test"');
    expect(within(log).getAllByRole('listitem').at(-1)?.textContent).toContain('xstate.init');
  });

  it('sends an event typed into the form to the actor, and refuses a payload that is not a JSON object', async () => {
    renderWithInspector();
    await openPanel();
    const form = await screen.findByRole('form', { name: 'Send an event' });
    const send = within(form).getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/Event type/), { target: { value: 'door.open' } });
    fireEvent.change(within(form).getByLabelText('Payload (JSON)'), { target: { value: '{"by": ' } });
    fireEvent.click(send);
    expect((await within(form).findByRole('alert')).textContent).toContain('The payload is not JSON');
    expect(screen.getByText('Opened 0 times')).toBeVisible();

    fireEvent.change(within(form).getByLabelText('Payload (JSON)'), { target: { value: '[1]' } });
    fireEvent.click(send);
    expect((await within(form).findByRole('alert')).textContent).toBe('The payload must be a JSON object.');

    fireEvent.change(within(form).getByLabelText('Payload (JSON)'), { target: { value: '{"by": "the panel"}' } });
    fireEvent.click(send);
    await screen.findByText('Opened 1 times');
    await waitFor(() => expect(activeStates()).toEqual(['', 'open']), { timeout: 5000 });
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Event log' })).getAllByRole('listitem')[0]?.textContent).toContain(
      '"by": "the panel"',
    );
  });

  it('masks secrets in the logged payloads', async () => {
    renderWithInspector();
    await openPanel();
    await screen.findByRole('list', { name: 'Event log' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const log = screen.getByRole('list', { name: 'Event log' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')[0]?.textContent).toContain('door.login'), { timeout: 5000 });
    expect(log.textContent).not.toContain('wJalrXUtnFEMI');
    expect(log.textContent).toContain('"secretAccessKey": "••••••"');
  });
});

describe('inspector store', () => {
  it('keeps the newest events of an actor, up to its bound', async () => {
    const store = createInspectorStore();
    setRootInspector(store.inspect);
    renderUi(<Door />);
    await waitFor(() => expect(store.getActors()).toHaveLength(1), { timeout: 5000 });
    const door = store.getActors()[0]?.ref;
    for (let i = 0; i < MAX_EVENTS_PER_ACTOR + 10; i += 1) door?.send({ type: 'door.close' });
    const events = store.getActors()[0]?.events ?? [];
    expect(events).toHaveLength(MAX_EVENTS_PER_ACTOR);
    expect(events[0]?.seq).toBeGreaterThan(events[1]?.seq ?? Infinity);
    expect(events.some((event) => event.type === 'xstate.init')).toBe(false);
  });

  it('writes payloads that JSON cannot hold as readable placeholders', () => {
    const shared = { a: 1 };
    const text = payloadJson({ type: 'x', error: new Error('boom'), again: shared, once: shared, password: 'p', n: 2n } as { type: string });
    expect(JSON.parse(text)).toEqual({ error: 'Error: boom', again: { a: 1 }, once: '[shown above]', password: '••••••', n: '2n' });
  });
});
