// Action runs and their hook executions: what the Actions screens read. lakeFS records a run once it ends and
// knows only completed and failed; Tarn records it when it starts, so a run and its hooks can also be running, and
// a hook that an earlier failure kept from running is skipped.
import { z } from '@hono/zod-openapi';
import { pageOf } from './common';

export const runStatuses = ['completed', 'failed', 'running'] as const;
export const hookStatuses = ['completed', 'failed', 'skipped', 'running'] as const;

export const ActionRun = z
  .object({
    run_id: z.string(),
    branch: z.string(),
    /** RFC 3339. */
    start_time: z.string(),
    /** RFC 3339; absent while the run is running. */
    end_time: z.string().optional(),
    /** lakeFS's event names: pre-commit, post-merge, pre-create-tag, ... */
    event_type: z.string(),
    status: z.enum(runStatuses),
    /** The commit the event made or acts on; empty before a pre-commit's commit exists. */
    commit_id: z.string(),
  })
  .openapi('ActionRun');
export type ActionRun = z.output<typeof ActionRun>;

export const ActionRunList = pageOf(ActionRun, 'ActionRunList');
export type ActionRunList = z.output<typeof ActionRunList>;

export const HookRun = z
  .object({
    /** `{action index}_{hook index}`, four digits each, as lakeFS numbers them: sorting by it gives file order. */
    hook_run_id: z.string(),
    /** The action's name. */
    action: z.string(),
    hook_id: z.string(),
    start_time: z.string(),
    end_time: z.string().optional(),
    status: z.enum(hookStatuses),
  })
  .openapi('HookRun');
export type HookRun = z.output<typeof HookRun>;

export const HookRunList = pageOf(HookRun, 'HookRunList');
export type HookRunList = z.output<typeof HookRunList>;
