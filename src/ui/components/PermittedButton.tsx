import { Button, IconButton, type ButtonProps, type IconButtonProps } from '@chakra-ui/react';
import type { Permission } from '../../machines/session/machine';
import { usePermission } from '../../lib/use-session';

/** The permission a control's action needs on the server. */
export interface Needs {
  /** The permission, e.g. fs:CreateBranch. */
  action: string;
  /** The resource it is needed on (an ARN, or * for any). */
  resource: string;
}

/** What a control shows of itself, before permissions: whether it is disabled, and its title. */
export interface ControlState {
  disabled?: boolean;
  title?: string;
}

/**
 * A control's state once the permission is known: a refusal disables it and its reason replaces the title, so the
 * user reads which permission is missing. Otherwise the control's own state stands.
 */
export function permittedState(permission: Permission, own: ControlState): { disabled: boolean; title: string | undefined } {
  return { disabled: own.disabled === true || !permission.allowed, title: permission.reason ?? own.title };
}

/** permittedState for one control (a button, an icon button, a switch) and the permission its action needs. */
export function usePermitted({ action, resource }: Needs, own: ControlState = {}): { disabled: boolean; title: string | undefined } {
  return permittedState(usePermission(action, resource), own);
}

export type PermittedButtonProps = ButtonProps & Needs;

/**
 * A button for an action the server authorises: disabled, saying which permission is missing, when the user's
 * policies refuse it. When they are unknown it stays enabled, and a refusal is shown by the flow it starts.
 */
export function PermittedButton({ action, resource, disabled, title, ...rest }: PermittedButtonProps) {
  return <Button {...rest} {...usePermitted({ action, resource }, { disabled, title })} />;
}

export type PermittedIconButtonProps = IconButtonProps & Needs;

/** PermittedButton for an icon-only button. */
export function PermittedIconButton({ action, resource, disabled, title, ...rest }: PermittedIconButtonProps) {
  return <IconButton {...rest} {...usePermitted({ action, resource }, { disabled, title })} />;
}
