// The one toaster: failures that have no place inline on the screen (a background refresh, a flow whose dialog is
// gone) are shown here. Machines call it from their actions; the view renders it once (ui/components/Toaster). The
// toaster's store loads with the first toast, as the view that renders it does: no page's first paint needs either.
import { errorMessage } from './error-message';

type Toast = Parameters<(typeof import('./toaster'))['toaster']['create']>[0];

function toast(options: Toast): void {
  void import('./toaster').then(({ toaster }) => toaster.create(options));
}

/** Shows a failure: what was being done, and the server's reason. */
export function notifyFailure(title: string, error: unknown): void {
  toast({ type: 'error', title, description: errorMessage(error), closable: true });
}

export function notifySuccess(title: string): void {
  toast({ type: 'success', title });
}
