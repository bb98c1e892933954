// The data calls, built over the catalog.
import type { Catalog } from '../../catalog';
import type { RouteEntry } from '../route-table';
import { branchRoutes } from './branches';
import { commitRoutes } from './commits';
import { diffMergeRoutes } from './diff-merge';
import { objectRoutes } from './objects';
import { repositoryRoutes } from './repositories';
import { tagRoutes } from './tags';

export function dataRoutes(catalog: Catalog): RouteEntry[] {
  return [
    ...repositoryRoutes(catalog),
    ...branchRoutes(catalog),
    ...tagRoutes(catalog),
    ...objectRoutes(catalog),
    ...commitRoutes(catalog),
    ...diffMergeRoutes(catalog),
  ];
}
