export { ChangeSummary, type ChangeSummaryProps } from './ChangeSummary';
export { DiffBreadcrumb, type DiffBreadcrumbProps } from './DiffBreadcrumb';
export { DiffIcon, DIFF_PALETTE } from './DiffIcon';
export { checkDiffEntry, displayName, DIFF_TYPES, isFolder } from './diffEntry';
export { DiffTree, type DiffTreeProps } from './DiffTree';
export { ObjectDiff } from './ObjectDiff';
