// The permission check over the real API. The branch-wide question needs a path, and permissions are granted on
// object paths, so a name at the branch's root stands for the branch.
import { fromCallback } from 'xstate';
import { stageAllowed } from '../../api/objects';
import type { PermissionCheckInput, UploadPermissionEvent } from './machine';

export const BRANCH_PROBE_PATH = 'tarn-upload-permission-probe';

export const uploadPermissionActors = {
  checkBranch: fromCallback<UploadPermissionEvent, PermissionCheckInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    stageAllowed(input.repoId, input.branch, BRANCH_PROBE_PATH, controller.signal).then(
      (allowed) => sendBack({ type: 'permission.answer', key: input.key, allowed }),
      // A failing preflight (other than a refusal) does not block the button; the upload reports the problem.
      () => {
        if (!controller.signal.aborted) sendBack({ type: 'permission.answer', key: input.key, allowed: true });
      },
    );
    return () => controller.abort();
  }),
};
