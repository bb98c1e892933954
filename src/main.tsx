import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router';
import { TarnProvider } from './ui/theme/TarnProvider';

const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('Failed to find root element!');
createRoot(root).render(
  <StrictMode>
    <TarnProvider>
      <RouterProvider router={router} />
    </TarnProvider>
  </StrictMode>,
);
