import { createFileRoute } from '@tanstack/react-router';

// Any path under /setup renders the setup page of the parent route.
export const Route = createFileRoute('/setup/$')({});
