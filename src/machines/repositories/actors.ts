// The repositories screen's lists and flows over the real API.
import { fromPromise } from 'xstate';
import { listRepositories } from '../../api/repositories';
import type { Page, Repository } from '../../api/types';
import { pagedListMachine, type PageRequest } from '../paged-list';

export const repositoryPage = fromPromise<Page<Repository>, PageRequest>(({ input, signal }) =>
  listRepositories({ prefix: input.prefix, after: input.after, amount: input.amount }, signal),
);

export const liveRepositoryList = pagedListMachine<Repository>().provide({ actors: { fetchPage: repositoryPage } });
