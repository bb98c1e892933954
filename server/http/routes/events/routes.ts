// Contract of a repository's live stream (Tarn's own call): server-sent events, each a RepositoryEvent as JSON.
import { z } from '@hono/zod-openapi';
import { onRepo } from '../../access';
import { contract, failure } from '../../contract';
import { repositoryParams } from '../../params';
import { queryText } from '../../query';

export const streamEvents = contract({
  operationId: 'streamRepositoryEvents',
  method: 'get',
  path: '/repositories/{repository}/events',
  tags: ['repositories'],
  summary: 'What changes in a repository, as server-sent events (RepositoryEvent), resumable with Last-Event-ID',
  access: onRepo('fs:ReadRepository'),
  request: {
    params: repositoryParams,
    query: z.object({
      last_event_id: queryText.openapi({ description: 'As the Last-Event-ID header, for a client that cannot send it' }),
    }),
  },
  responses: {
    200: { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    default: failure,
  },
});
