// The live stream over the browser's EventSource. EventSource would reconnect by itself, at its own pace and without
// telling which events were missed past a server restart; closing it on the first error leaves reconnection to the
// machine, which backs off and resumes after the last event it heard.
import { fromCallback } from 'xstate';
import { repositoryEventsUrl, type RepositoryEvent } from '../../api/events';
import { repositoryEventsMachine, type StreamEvent, type StreamInput } from './machine';

export const eventSourceStream = fromCallback<StreamEvent, StreamInput>(({ input, sendBack }) => {
  let source: EventSource;
  try {
    source = new EventSource(repositoryEventsUrl(input.repoId, input.lastEventId));
  } catch {
    // No EventSource here (an old or stripped-down browser): the screens poll as when the stream is down.
    sendBack({ type: 'stream.broken' });
    return undefined;
  }
  source.onopen = () => sendBack({ type: 'stream.opened' });
  source.onmessage = (message: MessageEvent<string>) => {
    let event: RepositoryEvent;
    try {
      event = JSON.parse(message.data) as RepositoryEvent;
    } catch {
      return;
    }
    sendBack({ type: 'stream.event', id: message.lastEventId, event });
  };
  source.onerror = () => {
    source.close();
    sendBack({ type: 'stream.broken' });
  };
  return () => source.close();
});

export const liveRepositoryEventsMachine = repositoryEventsMachine.provide({ actors: { stream: eventSourceStream } });
