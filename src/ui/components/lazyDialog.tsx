import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (its own, and the dialog, focus-trap and portal machinery under it) is none of a page's first
 * paint: it is fetched once the page is idle, and from then on rendered as the dialog itself is, closed until it
 * opens. A dialog that opens before its code has arrived waits for it (nothing shows until then, as nothing showed
 * while it was closed) and then opens. `useOpen` tells from the props whether the dialog is open (a hook: it may read
 * the dialog's actor); a dialog that is mounted only while it is open needs none.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  useOpen: (props: P) => boolean = () => true,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Waited = lazy(async () => ({ default: await preload() }));
  function LazyDialog(props: P) {
    const open = useOpen(props);
    const [Dialog, setDialog] = useState(() => loaded);
    // Opened before its code arrived: it stays on the waiting path, so it is not mounted twice.
    const [waited, setWaited] = useState(false);
    useEffect(() => {
      if (Dialog) return;
      let live = true;
      const idle = whenIdle(() => void preload().then((component) => live && setDialog(() => component)));
      return () => {
        live = false;
        idle.cancel();
      };
    }, [Dialog]);
    if (!Dialog && open && !waited) setWaited(true);
    if (waited || (!Dialog && open)) {
      return (
        <Suspense fallback={null}>
          <Waited {...props} />
        </Suspense>
      );
    }
    return Dialog ? <Dialog {...props} /> : null;
  }
  return LazyDialog;
}

/**
 * For a popup (a popover, a menu) whose code is none of a page's first paint: a hook that fetches it once the page is
 * idle, or when the pointer or the keyboard reaches the placeholder trigger (spread `trigger` on it), and hands it
 * over on the trigger's first click, to be mounted open (`openAtMount`). Only a click swaps the triggers, so that no
 * press starts on one and ends on the other.
 */
export function lazyPopup<C>(load: () => Promise<C>) {
  let loaded: C | undefined;
  let loading: Promise<C> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  return function useLazyPopup() {
    const [Loaded, setLoaded] = useState<C | undefined>(() => loaded);
    // Set when the placeholder trigger's click brought the popup in: it opens as it mounts.
    const [openAtMount, setOpenAtMount] = useState(false);
    const mounted = useRef(true);
    useEffect(() => {
      mounted.current = true;
      const idle = whenIdle(() => void preload());
      return () => {
        mounted.current = false;
        idle.cancel();
      };
    }, []);
    const trigger = {
      onPointerEnter: () => void preload(),
      onFocus: () => void preload(),
      onClick: () =>
        void preload().then((component) => {
          if (!mounted.current) return;
          setOpenAtMount(true);
          setLoaded(() => component);
        }),
    };
    return { Loaded, openAtMount, trigger };
  };
}

/**
 * Runs `run` once the browser is idle (or shortly, where it cannot tell); cancel() before then stops
 * it. Here with lazyDialog, whose users fetch their parts this way too: one module fewer for a page to load.
 */
export function whenIdle(run: () => void): { cancel: () => void } {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return { cancel: () => cancelIdleCallback(handle) };
  }
  const handle = setTimeout(run, 200);
  return { cancel: () => clearTimeout(handle) };
}
