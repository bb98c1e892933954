export { RefSelector, REF_ICONS, type RefSelectorProps, type SelectedRef } from './RefSelector';
export { ProtectedBadge } from './ProtectedBadge';
