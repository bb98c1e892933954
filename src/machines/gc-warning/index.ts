import { gcWarningActors } from './actors';
import { gcWarningMachine } from './machine';
import { dismissGcWarning, isGcWarningDismissed } from './rules';

export * from './machine';
export * from './rules';
export { hasGcRules } from './actors';
export const liveGcWarningMachine = gcWarningMachine.provide({
  actors: gcWarningActors,
  actions: { rememberDismissal: (_, { repoId }) => dismissGcWarning(repoId) },
  guards: { dismissed: (_, { repoId }) => isGcWarningDismissed(repoId) },
});
