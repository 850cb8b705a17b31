import { createSession } from '@stream/auth';
import { createFakeAuthClient } from '@stream/auth/testing';
import { createFakeVideoService, type FakeVideoServiceOptions } from '@stream/video-api/testing';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createAppRouter } from '../../router';

/** The whole app at `path`, signed in, over an in-memory video service (test helper). */
export function renderVideoApp(path: string, options: FakeVideoServiceOptions = {}) {
  const auth = createFakeAuthClient();
  auth.addAccount({ email: 'ada@example.com', password: 'secret-1', displayName: 'Ada' });
  auth.restore('ada@example.com');
  window.localStorage.setItem('authToken', 'stored-token');
  const session = createSession(auth, window.localStorage);
  const fake = createFakeVideoService(options);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  const router = createAppRouter({ queryClient, session, transport: fake.transport });
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<RouterProvider router={router} />);
  return { fake, router, queryClient, view };
}
