import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/team')({
  component: () => (
    <section className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold">Team</h1>
      <p>Manage your team members here</p>
    </section>
  ),
});
