import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { ApiError } from './api/errors';
import { createAppRouter } from './router';
import { TarnProvider } from './ui/theme/TarnProvider';

function render(devTools?: ReactNode) {
  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('Failed to find root element!');
  createRoot(root, {
    // An error page the route shows for the server's answer (a 404, a refusal) is the console working as meant; only
    // faults of the console itself belong in the browser's log, as React logs them by default.
    onCaughtError: (error, info) => {
      if (!(error instanceof ApiError)) console.error(error, info.componentStack);
    },
  }).render(
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
