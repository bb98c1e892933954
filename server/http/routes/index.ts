// The data calls, built over the catalog.
import type { Catalog } from '../../catalog';
import type { Router } from '../router';
import { branchRouter } from './branches';
import { commitRouter } from './commits';
import { diffMergeRouter } from './diff-merge';
import { objectRouter } from './objects';
import { repositoryRouter } from './repositories';
import { settingsRouter } from './settings';
import { tagRouter } from './tags';

export function dataRouters(catalog: Catalog): Router[] {
  return [
    repositoryRouter(catalog),
    branchRouter(catalog),
    tagRouter(catalog),
    objectRouter(catalog),
    commitRouter(catalog),
    diffMergeRouter(catalog),
    settingsRouter(catalog),
  ];
}
