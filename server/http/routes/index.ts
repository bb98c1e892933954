// The data calls, built over the catalog.
import type { Catalog } from '../../catalog';
import type { RouteEntry } from '../route-table';
import type { Router } from '../router';
import { branchRouter } from './branches';
import { commitRoutes } from './commits';
import { diffMergeRoutes } from './diff-merge';
import { objectRouter } from './objects';
import { repositoryRouter } from './repositories';
import { tagRouter } from './tags';

export function dataRouters(catalog: Catalog): Router[] {
  return [repositoryRouter(catalog), branchRouter(catalog), tagRouter(catalog), objectRouter(catalog)];
}

/** The data calls not yet declared with a contract. */
export function dataRoutes(catalog: Catalog): RouteEntry[] {
  return [
    ...commitRoutes(catalog),
    ...diffMergeRoutes(catalog),
  ];
}
