import { Button, type ButtonProps } from '@chakra-ui/react';
import { usePermission } from '../../machines/session/hooks';

export interface PermittedButtonProps extends ButtonProps {
  /** The permission the button's action needs, e.g. fs:CreateBranch. */
  action: string;
  /** The resource it is needed on (an ARN, or * for any). */
  resource: string;
}

/**
 * A button for an action the server authorises: disabled, saying which permission is missing, when the user's
 * policies refuse it. When they are unknown it stays enabled, and a refusal is shown by the flow it starts.
 */
export function PermittedButton({ action, resource, disabled, title, ...rest }: PermittedButtonProps) {
  const permission = usePermission(action, resource);
  return <Button disabled={disabled || !permission.allowed} title={permission.reason ?? title} {...rest} />;
}
