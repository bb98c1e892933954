// The one toaster: failures that have no place inline on the screen (a background refresh, a flow whose dialog is
// gone) are shown here. Machines call it from their actions; the view renders it once (ui/components/Toaster).
import { createToaster } from '@chakra-ui/react';
import { errorMessage } from './error-message';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });

/** Shows a failure: what was being done, and the server's reason. */
export function notifyFailure(title: string, error: unknown): void {
  toaster.create({ type: 'error', title, description: errorMessage(error), closable: true });
}

export function notifySuccess(title: string): void {
  toaster.create({ type: 'success', title });
}
