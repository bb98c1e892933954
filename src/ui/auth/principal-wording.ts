import type { PrincipalKind } from '../../machines/create-principal/machine';

export interface Wording {
  title: string;
  label: string;
  placeholder: string;
  submit: string;
}

export const PRINCIPAL_WORDING: Record<PrincipalKind, Wording> = {
  user: { title: 'Create User', label: 'User name', placeholder: 'Username (e.g. \'jane.doe\')', submit: 'Create' },
  invite: { title: 'Invite User', label: 'Email', placeholder: 'Email address (e.g. \'jane.doe@example.com\')', submit: 'Invite' },
  group: { title: 'Create Group', label: 'Group name', placeholder: "Group Name (e.g. 'DataTeam')", submit: 'Create' },
};

/**
 * How creating a user is worded. Where people are invited by e-mail, a user created by name is one for programs,
 * keys only: 'Create API User' (docs/behaviour.md, Access control).
 */
export function createUserWording(canInvite: boolean): Wording {
  return canInvite ? { ...PRINCIPAL_WORDING.user, title: 'Create API User', placeholder: "Name (e.g. 'spark-jobs')" } : PRINCIPAL_WORDING.user;
}
