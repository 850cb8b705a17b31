import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type LinkComponent, type LinkSlotProps, LoadError, LoadMore, formatDateTime } from '../primitives';
import { StatusBadge } from './status-badge';
import { VideoCard, type VideoCardProps } from './video-card';
import { VideoGrid } from './video-grid';
import { EmptyVideos } from './video-list-states';

afterEach(cleanup);

const base: VideoCardProps = {
  title: 'Quarterly demo',
  description: 'A long description that the card clamps to two lines.',
  thumbnailUrl: '/api/videoservice/thumbnail/v1?token=t',
  status: 'READY',
  visibility: 'private',
  createdAt: new Date(2026, 0, 2, 12, 0),
  renderLink: (props) => <a href="/video/v1" {...props} />,
};

describe('VideoCard', () => {
  it('shows thumbnail, title, clamped description and creation date', () => {
    render(<VideoCard {...base} />);
    const card = screen.getByRole('link', { name: /^Quarterly demo/ });
    expect(card.getAttribute('href')).toBe('/video/v1');
    expect(card.className).toContain('max-w-[225px]');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/api/videoservice/thumbnail/v1?token=t');
    const title = within(card).getByRole('heading', { name: 'Quarterly demo' });
    // Two lines, so titles that differ only at the end ("Recording 25 Nov 2026, 16:15") stay apart.
    expect(title.className).toContain('line-clamp-2');
    expect(within(card).getByText(base.description).className).toContain('line-clamp-2');
    expect(within(card).getByText(`${formatDateTime(new Date(2026, 0, 2, 12, 0))}`).tagName).toBe('TIME');
    expect(screen.queryByTestId('video-placeholder')).toBeNull();
  });

  it('shows the length over the thumbnail once it is known', () => {
    const { rerender } = render(<VideoCard {...base} durationSeconds={245.4} />);
    const card = screen.getByRole('link', { name: /^Quarterly demo/ });
    expect(card.querySelector('figure')?.textContent).toBe('4:05');
    expect(card.textContent).toContain('Length 4:05');
    rerender(<VideoCard {...base} durationSeconds={undefined} />);
    expect(screen.getByRole('link').querySelector('figure')?.textContent).toBe('');
    expect(screen.getByRole('link').textContent).not.toContain('Length');
  });

  it('shows a placeholder icon when thumbnail_url is empty', () => {
    render(<VideoCard {...base} thumbnailUrl="" />);
    expect(screen.getByTestId('video-placeholder')).toBeTruthy();
    expect(screen.getByRole('link').querySelector('img')).toBeNull();
  });

  it('falls back to the placeholder when the thumbnail fails to load', () => {
    render(<VideoCard {...base} />);
    const img = screen.getByRole('link').querySelector('img') as HTMLImageElement;
    fireEvent.error(img);
    expect(screen.getByTestId('video-placeholder')).toBeTruthy();
    expect(screen.getByRole('link').querySelector('img')).toBeNull();
  });

  it('puts the status badge at the top right', () => {
    render(<VideoCard {...base} status="PROCESSING" />);
    const badge = screen.getByText('PROCESSING');
    expect(badge.className).toContain('badge-warning');
    expect(badge.className).toMatch(/absolute.*top-2.*right-2/);
  });

  it('shows a PROCESSING video’s progress as a labelled bar over the thumbnail, and none once READY', () => {
    const { rerender } = render(<VideoCard {...base} status="PROCESSING" processingProgress={40} />);
    const bar = screen.getByRole('progressbar', { name: 'Processing 40%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.closest('figure')).not.toBeNull();
    rerender(<VideoCard {...base} status="PROCESSING" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<VideoCard {...base} status="READY" processingProgress={40} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('marks shared and public videos, and not private ones', () => {
    const { rerender } = render(<VideoCard {...base} />);
    expect(screen.queryByText('Shared')).toBeNull();
    expect(screen.queryByText('Public')).toBeNull();
    rerender(<VideoCard {...base} visibility="shared" />);
    expect(screen.getByText('Shared')).toBeTruthy();
    rerender(<VideoCard {...base} visibility="public" />);
    expect(screen.getByText('Public')).toBeTruthy();
  });

  it('is one link drawn by the app, with its name, classes and content', () => {
    const drawn: LinkSlotProps[] = [];
    render(
      <VideoCard
        {...base}
        title=""
        renderLink={(props) => {
          drawn.push(props);
          return <a href="/elsewhere" data-app-link {...props} />;
        }}
      />,
    );
    const card = screen.getByRole('link', { name: /^Untitled video/ });
    expect(card.hasAttribute('data-app-link')).toBe(true);
    expect(card.getAttribute('href')).toBe('/elsewhere');
    expect(drawn[0]?.className).toContain('card');
    expect(within(card).getByRole('heading', { name: 'Untitled video' })).toBeTruthy();
  });
});

describe('StatusBadge', () => {
  it.each([
    ['PROCESSING', 'badge-warning'],
    ['READY', 'badge-success'],
    ['FAILED', 'badge-error'],
    ['UNSPECIFIED', 'badge-ghost'],
  ] as const)('%s is styled %s', (status, style) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByText(status);
    expect(badge.className).toContain('badge');
    expect(badge.className).toContain(style);
  });
});

describe('VideoGrid', () => {
  it('is titled "List of Videos" with 2 columns up to 6 on extra large screens', () => {
    render(
      <VideoGrid>
        <VideoCard {...base} />
        <VideoCard {...base} title="Second" renderLink={(props) => <a href="/video/v2" {...props} />} />
      </VideoGrid>,
    );
    const section = screen.getByRole('region', { name: 'List of Videos' });
    const list = within(section).getByRole('list');
    expect(list.className.split(' ')).toEqual(expect.arrayContaining(['grid', 'grid-cols-2', 'xl:grid-cols-6']));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('list states', () => {
  it("an empty library calls to record, through the app's link to /record", () => {
    const AppLink: LinkComponent = ({ to, children, ...rest }) => (
      <a href={to} data-app-link {...rest}>
        {children}
      </a>
    );
    render(<EmptyVideos LinkComponent={AppLink} />);
    expect(screen.getByText('No videos yet')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Start Recording' });
    expect(link.getAttribute('href')).toBe('/record');
    expect(link.hasAttribute('data-app-link')).toBe(true);
  });

  it('a failed load shows the reason and retries', async () => {
    const user = userEvent.setup();
    let retries = 0;
    render(<LoadError message="Cannot reach the video service." onRetry={() => (retries += 1)} />);
    expect(screen.getByRole('alert').textContent).toContain('Cannot reach the video service.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retries).toBe(1);
  });

  it('a page refused as a whole keeps its heading above the reason, with no Retry', () => {
    render(<LoadError title="Admin" message="This page is for the instance's admins." />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe("This page is for the instance's admins.");
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('Load more is disabled while loading', async () => {
    const user = userEvent.setup();
    let loads = 0;
    const { rerender } = render(<LoadMore loading={false} onLoadMore={() => (loads += 1)} />);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    rerender(<LoadMore loading onLoadMore={() => (loads += 1)} />);
    expect((screen.getByRole('button', { name: 'Loading more...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(loads).toBe(1);
  });
});
