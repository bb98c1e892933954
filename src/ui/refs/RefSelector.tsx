import { useEffect, useRef, useState, type ComponentType } from 'react';
import { whenIdle } from '../components/lazyDialog';
import type { RefSelectorPopoverProps } from './RefSelectorPopover';
import { RefTrigger, type RefSelectorProps } from './RefTrigger';
import type { SelectedRef } from './selected-ref';

export type { SelectedRef };
export { REF_ICONS, type RefSelectorProps } from './RefTrigger';

// The popover (its positioning, dismissal and focus code, the lists and their machine) is none of a page's first
// paint: it is fetched once the page is idle (or when the pointer or the keyboard reaches a trigger), and takes the
// placeholder trigger's place on the first click, opening at once.
let popover: ComponentType<RefSelectorPopoverProps> | undefined;
let loading: Promise<ComponentType<RefSelectorPopoverProps>> | undefined;
function loadPopover(): Promise<ComponentType<RefSelectorPopoverProps>> {
  loading ??= import('./RefSelectorPopover').then((m) => (popover = m.RefSelectorPopover));
  return loading;
}

/**
 * Picks a branch, a tag or a commit (from a branch's log, or by typing the start of its id). Lists load only while
 * the picker is open.
 */
export function RefSelector({ placeholder = 'Select ref', labelPrefix = '', disabled = false, ...props }: RefSelectorProps) {
  const [Popover, setPopover] = useState(() => popover);
  // Set when the placeholder trigger's click brought the popover in: it opens as it mounts.
  const [clicked, setClicked] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    const idle = whenIdle(() => void loadPopover());
    return () => {
      mounted.current = false;
      idle.cancel();
    };
  }, []);
  const triggerProps = { selected: props.selected, placeholder, labelPrefix, disabled };
  if (Popover) return <Popover {...props} {...triggerProps} openAtMount={clicked} />;

  // Only a click swaps the triggers, so that no press starts on one and ends on the other.
  const open = () =>
    void loadPopover().then((loaded) => {
      if (!mounted.current) return;
      setClicked(true);
      setPopover(() => loaded);
    });
  return (
    <RefTrigger
      {...triggerProps}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={open}
    />
  );
}
