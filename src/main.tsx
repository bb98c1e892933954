import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router';
import { TarnProvider } from './ui/theme/TarnProvider';

function render(devTools?: ReactNode) {
  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('Failed to find root element!');
  createRoot(root).render(
    <StrictMode>
      <TarnProvider>
        <RouterProvider router={router} />
        {devTools}
      </TarnProvider>
    </StrictMode>,
  );
}

if (import.meta.env.DEV) {
  // The statechart inspector must listen before the first actor (the session) starts; a production build drops it.
  void import('./dev/inspector').then(({ startInspector }) => render(startInspector()));
} else {
  render();
}
