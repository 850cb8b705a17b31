import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { VideoCard } from './video-card';
import { DownloadLink, downloadFileName, formatViews } from '../primitives';
import { VideoActionsMenu } from './video-actions-menu';

afterEach(cleanup);

describe('views, download and the card menu', () => {
  it('counts views in words', () => {
    expect([0, 1, 3].map(formatViews)).toEqual(['0 views', '1 view', '3 views']);
  });

  it('Download saves <title>.webm from the recording with download=1', () => {
    render(<DownloadLink url="/api/videoservice/video/a?token=t" title="Team: sync/1" />);
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe('/api/videoservice/video/a?token=t&download=1');
    expect(link.getAttribute('download')).toBe('Team_ sync_1.webm');
    expect(downloadFileName('')).toBe('recording.webm');
    expect(downloadFileName('Demo')).toBe('Demo.webm');
  });

  it('a card shows its views and a menu of Share, Edit, Download and Delete beside its link', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(
      <VideoCard
        title="Demo"
        description=""
        thumbnailUrl=""
        status="READY"
        visibility="private"
        createdAt={new Date(2026, 0, 2)}
        views={1}
        renderLink={(props) => <a href="/video/a" {...props} />}
        actions={
          <VideoActionsMenu
            title="Demo"
            url="/api/videoservice/video/a"
            onShare={() => chosen.push('share')}
            onEditVideo={() => chosen.push('edit video')}
            onRename={() => chosen.push('rename')}
            onDelete={() => chosen.push('delete')}
          />
        }
      />,
    );
    const link = screen.getByRole('link', { name: /^Demo/ });
    expect(within(link).getByText('1 view')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Actions for Demo' });
    expect(link.contains(button)).toBe(false);
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Actions for Demo' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Share', 'Edit video', 'Rename', 'Download', 'Delete']);
    expect(within(menu).getByRole('menuitem', { name: 'Download' }).getAttribute('download')).toBe('Demo.webm');
    await user.click(within(menu).getByRole('menuitem', { name: 'Share' }));
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(chosen).toEqual(['share', 'delete']);
  });
});
