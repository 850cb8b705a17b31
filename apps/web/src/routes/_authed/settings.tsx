import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/settings')({
  component: () => (
    <section className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold">Settings</h1>
      <p>Manage your account settings</p>
    </section>
  ),
});
