import type { ReactNode } from 'react';
import { Alert, Button, Code } from '@chakra-ui/react';
import { errorMessage, isPermissionDenied } from '../../lib/error-message';

export interface ErrorAlertProps {
  /** Any thrown value; the deepest message on its chain is shown. */
  error: unknown;
  title?: string;
  onRetry?: () => void;
  /** Extra actions beside the retry button. */
  children?: ReactNode;
  /**
   * The message keeps its lines and spacing in a monospace block: a message laid out by its source, such as DuckDB's
   * error, whose caret points at a column of the line above.
   */
  preformatted?: boolean;
}

/** The red alert every failed call is shown in; a refused permission says so above the server's message naming it. */
export function ErrorAlert({
  error,
  title = isPermissionDenied(error) ? 'Permission denied' : undefined,
  onRetry,
  children,
  preformatted = false,
}: ErrorAlertProps) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        {preformatted ? (
          <Alert.Description asChild>
            <Code as="pre" display="block" whiteSpace="pre" overflowX="auto" p="2" mt="1" variant="plain" colorPalette="red">
              {errorMessage(error)}
            </Code>
          </Alert.Description>
        ) : (
          <Alert.Description>{errorMessage(error)}</Alert.Description>
        )}
      </Alert.Content>
      {children}
      {onRetry && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Alert.Root>
  );
}
