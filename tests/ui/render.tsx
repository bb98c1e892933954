// Rendering helpers for console UI tests: the Chakra/Tarn provider, and a router when a component needs one.
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { TarnProvider } from '../../src/ui/theme/TarnProvider';
import { createAppRouter } from '../../src/router';

// happy-dom does no layout: a virtualised list's viewport would measure 0 px and show no rows. Elements marked as
// scroll viewports report a fixed size instead, so virtualised lists render their first screenful.
const VIEWPORT_HEIGHT = 800;
const VIEWPORT_WIDTH = 1200;
function stubViewportSize(property: 'clientHeight' | 'clientWidth', size: number) {
  const original = Object.getOwnPropertyDescriptor(Element.prototype, property);
  Object.defineProperty(HTMLElement.prototype, property, {
    configurable: true,
    get(this: HTMLElement) {
      if (this.hasAttribute('data-scroll-viewport')) return size;
      return (original?.get?.call(this) as number | undefined) ?? 0;
    },
  });
}
stubViewportSize('clientHeight', VIEWPORT_HEIGHT);
stubViewportSize('clientWidth', VIEWPORT_WIDTH);

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

export function Providers({ children }: { children: ReactNode }) {
  return <TarnProvider forcedTheme="light">{children}</TarnProvider>;
}

/** Renders inside the Tarn theme only (components that neither link nor read the URL). */
export function renderUi(ui: ReactElement): RenderResult {
  return render(ui, { wrapper: Providers });
}

export interface RouterRender extends RenderResult {
  router: AnyRouter;
}

/**
 * Renders a component inside a throw-away router at `path`, for components that use links, navigation or router
 * state but not the search params of one particular route.
 */
export function renderWithRouter(ui: ReactElement, { path = '/' }: { path?: string } = {}): RouterRender {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(<RouterProvider router={router} />, { wrapper: Providers });
  return { ...result, router };
}

/** Renders the whole console's route tree at `path` (memory history), as a user opening that URL would see it. */
export function renderApp(path: string): RouterRender {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(<RouterProvider router={router} />, { wrapper: Providers });
  return { ...result, router };
}
