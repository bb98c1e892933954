import type { ConfirmDialogProps } from './ConfirmDialog';
import type { FailureDialogProps } from './FailureDialog';
import { lazyDialog } from './lazyDialog';

/** ConfirmDialog, its code loaded when it first opens (lazyDialog). */
export const LazyConfirmDialog = lazyDialog<ConfirmDialogProps>(
  () => import('./ConfirmDialog').then((m) => m.ConfirmDialog),
  ({ open }) => open,
);

/** FailureDialog, its code loaded when it first opens (lazyDialog). */
export const LazyFailureDialog = lazyDialog<FailureDialogProps>(
  () => import('./FailureDialog').then((m) => m.FailureDialog),
  ({ open }) => open,
);
