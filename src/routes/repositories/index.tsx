import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/repositories/')({ component: () => <p>Repositories</p> });
