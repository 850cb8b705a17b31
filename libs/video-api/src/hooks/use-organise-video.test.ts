// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeVideoService } from '../testing';
import { useOrganiseVideo } from './use-organise-video';

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(
    QueryClientProvider,
    { client: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
    children,
  );

describe('useOrganiseVideo', () => {
  it("suggests a team video its team's tags (a team mate's too), and a personal video its owner's", async () => {
    const fake = createFakeVideoService({
      videos: [
        { id: 'mine', tags: ['Personal notes'] },
        { id: 'in-team', teamId: 'team-1', tags: ['Launch'] },
        { id: 'mate', userId: 'user-2', teamId: 'team-1', tags: ['Roadmap'] },
        { id: 'elsewhere', userId: 'user-2', teamId: 'team-2', tags: ['Secret'] },
      ],
    });
    const team = renderHook(() => useOrganiseVideo(fake.transport, fake.videos.get('in-team')!), { wrapper });
    await waitFor(() => expect(team.result.current.suggestions).toEqual(['Launch', 'Roadmap']));
    const personal = renderHook(() => useOrganiseVideo(fake.transport, fake.videos.get('mine')!), { wrapper });
    await waitFor(() => expect(personal.result.current.suggestions).toEqual(['Launch', 'Personal notes']));
  });
});
