export { ChangeSummary, type ChangeSummaryProps } from './ChangeSummary';
export { countChanges, emptyCounts, type ChangeCounts } from './countChanges';
export { DiffBreadcrumb, type DiffBreadcrumbProps } from './DiffBreadcrumb';
export { DiffIcon, DIFF_PALETTE } from './DiffIcon';
export { checkDiffEntry, displayName, DIFF_TYPES, INVALID_DIFF_INPUT, isFolder } from './diffEntry';
export { DiffTree, DIFF_DELIMITER, type DiffPageFetcher, type DiffTreeProps } from './DiffTree';
export { diffLines, foldUnchanged, splitLines, type DiffLine } from '../../lib/line-diff';
export { contentDiffOffered, loadObjectDiff, tooBigMessage, type ObjectDiffSides } from './loadObjectDiff';
export { ObjectDiff, type ObjectDiffProps } from './ObjectDiff';
