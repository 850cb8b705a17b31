import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/')({
  component: () => <h1 className="text-3xl font-bold">Stream</h1>,
});
