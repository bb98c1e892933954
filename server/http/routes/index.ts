// The data calls, built over the catalog (and the action runs' records), and the lakeFS calls Tarn answers 501.
import type { Actions } from '../../actions';
import type { Catalog } from '../../catalog';
import type { RepositoryEvents } from '../../events';
import type { DirectRoute } from '../direct-routes';
import type { Router } from '../router';
import { actionRouter } from './actions';
import { branchRouter } from './branches';
import { commitRouter } from './commits';
import { diffMergeRouter } from './diff-merge';
import { enterpriseRouter } from './enterprise';
import { eventRouter } from './events';
import { externalAuthRouter } from './external-auth';
import { gcPrepareRouter } from './gc-prepare';
import { importRouter } from './import';
import { insightRouter } from './insights';
import { objectDirectRoutes, objectRouter } from './objects';
import { pullRequestRouter } from './pulls';
import { refsDumpRouter } from './refs-dump';
import { repositoryRouter } from './repositories';
import { repositoryMetadataRouter } from './repository-metadata';
import { settingsRouter } from './settings';
import { stagingRouter } from './staging';
import { tableRouter } from './tables';
import { tagRouter } from './tags';
import { treeFileRouter } from './tree-files';

export function dataRouters(catalog: Catalog, actions: Actions, events: RepositoryEvents): Router[] {
  return [
    repositoryRouter(catalog),
    branchRouter(catalog),
    tagRouter(catalog),
    objectRouter(catalog),
    stagingRouter(catalog),
    commitRouter(catalog),
    importRouter(catalog),
    diffMergeRouter(catalog),
    repositoryMetadataRouter(catalog),
    refsDumpRouter(catalog),
    treeFileRouter(catalog),
    enterpriseRouter(),
    externalAuthRouter(),
    settingsRouter(catalog),
    gcPrepareRouter(catalog),
    actionRouter(catalog, actions),
    pullRequestRouter(catalog),
    insightRouter(catalog),
    tableRouter(catalog),
    eventRouter(catalog, events),
  ];
}

/** The data calls also answered without the app in their common case (direct-routes.ts). */
export function directDataRoutes(catalog: Catalog): DirectRoute[] {
  return objectDirectRoutes(catalog);
}
