import { createFileRoute } from '@tanstack/react-router';

// Placeholder so the app builds; the real page is another issue's work.
export const Route = createFileRoute('/_authed/record')({
  component: () => <h1 className="text-3xl font-bold">Record</h1>,
});
