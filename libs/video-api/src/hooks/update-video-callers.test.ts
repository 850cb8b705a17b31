// @vitest-environment happy-dom
/**
 * The pages' UpdateVideo callers over the fake service, which reads update_mask
 * as the server does: each sends only what its user changed, so two tabs whose caches are stale
 * do not put back each other's changes.
 */
import type { Video } from '@stream/proto';
import { Visibility } from '@stream/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { getVideoQuery } from '../videos/queries';
import { createFakeVideoService, type FakeVideoService } from '../testing';
import { useSaveDetails } from './use-save-details';
import { useShareVideo } from './use-share-video';
import { useVideoEdits } from './use-video-edits';

afterEach(cleanup);

function service() {
  return createFakeVideoService({
    videos: [
      {
        id: 'abc',
        title: 'Team sync',
        description: 'What we agreed on',
        visibility: Visibility.SHARED,
        defaultPlaybackRate: 1.5,
        chapters: [{ seconds: 0, title: 'Intro' }],
        originalUrl: '/original',
      },
    ],
  });
}

/** A browser tab: its own query cache, with the video as the tab loaded it (and keeps it, stale). */
async function openTab(fake: FakeVideoService) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const loaded: Video = await queryClient.fetchQuery(getVideoQuery(fake.transport, 'abc'));
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  return {
    share: () => renderHook(() => useShareVideo(fake.transport, loaded), { wrapper }).result,
    saveDetails: async (changes: { title: string; description: string }) => {
      const save = renderHook(() => useSaveDetails(fake.transport), { wrapper }).result.current;
      await act(() => save(loaded, changes));
    },
    saveChapters: async (changes: { chapters: { seconds: number; title: string }[]; defaultRate: number }) => {
      const edits = renderHook(() => useVideoEdits(fake.transport, loaded), { wrapper }).result.current;
      await act(() => edits.chapters.onSave(changes));
    },
  };
}

const stored = (fake: FakeVideoService) => {
  const video = fake.videos.get('abc');
  return {
    title: video?.title,
    description: video?.description,
    visibility: video?.visibility,
    defaultPlaybackRate: video?.defaultPlaybackRate,
    chapters: video?.chapters.map(({ seconds, title }) => ({ seconds, title })),
  };
};
const updates = (fake: FakeVideoService) =>
  fake.calls
    .filter((call) => call.method === 'updateVideo')
    .map((call) => (call.request as { updateMask?: { paths: string[] } }).updateMask?.paths);

/** The share dialog's visibility choice, once the dialog's opening ShareVideo has answered. */
async function chooseVisibility(
  share: ReturnType<Awaited<ReturnType<typeof openTab>>['share']>,
  label: 'public' | 'private',
) {
  await waitFor(() => expect(share.current.url).toContain('/s/'));
  act(() => share.current.onVisibilityChange(label));
  await waitFor(() => expect(share.current.busy).toBe(false));
  expect(share.current.error).toBeUndefined();
}

describe('two tabs changing one video', () => {
  it('one makes it public, the other renames it from its stale cache: both changes stay', async () => {
    const fake = service();
    const first = await openTab(fake);
    const second = await openTab(fake);

    await chooseVisibility(first.share(), 'public');
    await second.saveDetails({ title: 'Weekly sync', description: 'What we agreed on' });

    expect(stored(fake)).toMatchObject({
      title: 'Weekly sync',
      description: 'What we agreed on',
      visibility: Visibility.PUBLIC,
    });
    expect(updates(fake)).toEqual([['visibility'], ['title']]);
  });

  it('one renames and describes it, the other then makes it private from its stale cache: the title and description stay', async () => {
    const fake = service();
    const first = await openTab(fake);
    const second = await openTab(fake);

    await first.saveDetails({ title: 'Weekly sync', description: 'Notes' });
    await chooseVisibility(second.share(), 'private');

    expect(stored(fake)).toMatchObject({ title: 'Weekly sync', description: 'Notes', visibility: Visibility.PRIVATE });
    expect(updates(fake)).toEqual([['title', 'description'], ['visibility']]);
  });

  it("the edit panel's chapters from a stale cache keep the other tab's title, visibility and speed", async () => {
    const fake = service();
    const first = await openTab(fake);
    const second = await openTab(fake);

    await first.saveDetails({ title: 'Weekly sync', description: 'Notes' });
    await chooseVisibility(first.share(), 'public');
    await first.saveChapters({ chapters: [{ seconds: 0, title: 'Intro' }], defaultRate: 2 });
    await second.saveChapters({
      chapters: [
        { seconds: 0, title: 'Intro' },
        { seconds: 30, title: 'Demo' },
      ],
      defaultRate: 1.5,
    });

    expect(stored(fake)).toEqual({
      title: 'Weekly sync',
      description: 'Notes',
      visibility: Visibility.PUBLIC,
      defaultPlaybackRate: 2,
      chapters: [
        { seconds: 0, title: 'Intro' },
        { seconds: 30, title: 'Demo' },
      ],
    });
    expect(updates(fake)).toEqual([['title', 'description'], ['visibility'], ['default_playback_rate'], ['chapters']]);
  });
});

describe('what each caller sends', () => {
  it('the details editor sends only the field changed, and nothing when nothing changed', async () => {
    const fake = service();
    const tab = await openTab(fake);
    await tab.saveDetails({ title: 'Team sync', description: 'Other words' });
    await tab.saveDetails({ title: 'Team sync', description: 'What we agreed on' });
    expect(updates(fake)).toEqual([['description']]);
    expect(stored(fake)).toMatchObject({
      title: 'Team sync',
      description: 'Other words',
      visibility: Visibility.SHARED,
    });
  });

  it('an emptied title is refused with the server’s words and changes nothing', async () => {
    const fake = service();
    const tab = await openTab(fake);
    await expect(tab.saveDetails({ title: '', description: 'Other words' })).rejects.toThrow('title must not be empty');
    expect(stored(fake)).toMatchObject({ title: 'Team sync', description: 'What we agreed on' });
  });

  it('the edit panel sends the chapters alone, or the speed alone, and removing every chapter clears them', async () => {
    const fake = service();
    const tab = await openTab(fake);
    await tab.saveChapters({ chapters: [], defaultRate: 1.5 });
    expect(stored(fake)).toMatchObject({ chapters: [], defaultPlaybackRate: 1.5, title: 'Team sync' });
    const fresh = await openTab(fake);
    await fresh.saveChapters({ chapters: [], defaultRate: 0 });
    await fresh.saveChapters({ chapters: [], defaultRate: 0.5 });
    expect(updates(fake)).toEqual([['chapters'], ['default_playback_rate'], ['default_playback_rate']]);
    expect(stored(fake)).toMatchObject({ defaultPlaybackRate: 0.5, visibility: Visibility.SHARED });
  });
});
