// The data calls, built over the catalog (and the action runs' records).
import type { Actions } from '../../actions';
import type { Catalog } from '../../catalog';
import type { Router } from '../router';
import { actionRouter } from './actions';
import { branchRouter } from './branches';
import { commitRouter } from './commits';
import { diffMergeRouter } from './diff-merge';
import { objectRouter } from './objects';
import { repositoryRouter } from './repositories';
import { tagRouter } from './tags';

export function dataRouters(catalog: Catalog, actions: Actions): Router[] {
  return [
    repositoryRouter(catalog),
    branchRouter(catalog),
    tagRouter(catalog),
    objectRouter(catalog),
    commitRouter(catalog),
    diffMergeRouter(catalog),
    actionRouter(catalog, actions),
  ];
}
