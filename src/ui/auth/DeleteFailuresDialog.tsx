import { Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from '../components/ErrorAlert';
import { AlertDialog } from '../components/FailureDialog';

export interface DeleteFailuresDialogProps {
  open: boolean;
  /** 'users', 'groups', 'policies'. */
  noun: string;
  /** Why the deletion could not run at all, if it could not. */
  error: unknown;
  /** The selected entries that were not deleted, each with the server's reason. */
  failures: readonly { id: string; message: string }[];
  onClose: () => void;
}

/** What a deletion of selected users, groups or policies left behind, and why. */
export function DeleteFailuresDialog({ open, noun, error, failures, onClose }: DeleteFailuresDialogProps) {
  return (
    <AlertDialog open={open} title={`Some ${noun} were not deleted`} onClose={onClose}>
      {error !== undefined ? (
        <ErrorAlert error={error} />
      ) : (
        <Stack as="ul" gap="1" ps="4" listStyleType="disc">
          {failures.map((failure) => (
            <Text as="li" key={failure.id}>
              <Text as="span" fontWeight="semibold">
                {failure.id}
              </Text>
              {`: ${failure.message}`}
            </Text>
          ))}
        </Stack>
      )}
    </AlertDialog>
  );
}
