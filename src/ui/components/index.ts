export { Committer } from './Committer';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { CopyButton, type CopyButtonProps } from './CopyButton';
export { DataTable, type DataTableProps } from './DataTable';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorAlert, type ErrorAlertProps } from './ErrorAlert';
export { Loading, type LoadingProps } from './Loading';
export { listColumnHelper, listFeatures, type ListColumn, type ListColumnMeta, type ListFeatures } from './listTable';
export { tablePaging, useCursorPages, type CursorPages } from './useCursorPages';
