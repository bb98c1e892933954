import { lazyPopup } from '../components/lazyDialog';
import { RefTrigger, type RefSelectorProps } from './RefTrigger';
import type { SelectedRef } from './selected-ref';

export type { SelectedRef };
export { REF_ICONS, type RefSelectorProps } from './RefTrigger';

// The popover (its positioning, dismissal and focus code, the lists and their machine) is none of a page's first
// paint (lazyPopup).
const usePopover = lazyPopup(() => import('./RefSelectorPopover').then((m) => m.RefSelectorPopover));

/**
 * Picks a branch, a tag or a commit (from a branch's log, or by typing the start of its id). Lists load only while
 * the picker is open.
 */
export function RefSelector({ placeholder = 'Select ref', labelPrefix = '', disabled = false, ...props }: RefSelectorProps) {
  const { Loaded: Popover, openAtMount, trigger } = usePopover();
  const triggerProps = { selected: props.selected, placeholder, labelPrefix, disabled };
  if (Popover) return <Popover {...props} {...triggerProps} openAtMount={openAtMount} />;
  return <RefTrigger {...triggerProps} aria-haspopup="dialog" aria-expanded={false} {...trigger} />;
}
