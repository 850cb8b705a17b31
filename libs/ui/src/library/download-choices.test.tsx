// Once a video has its MP4 rendition, Download offers "MP4 (plays everywhere)" and
// "Original", on the video's page and in a card's menu.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DownloadLink } from '../primitives';
import { VideoActionsMenu } from './video-actions-menu';

afterEach(cleanup);

const url = '/api/videoservice/video/a?expires=1&signature=s';
const mp4Url = '/api/videoservice/mp4/a?expires=1&signature=m';

describe('Download with an MP4 rendition', () => {
  it('the page offers the MP4 (named .mp4) and the original (named .webm)', () => {
    render(<DownloadLink url={url} mp4Url={mp4Url} title="Q3 review" />);
    const mp4 = screen.getByRole('link', { name: 'MP4 (plays everywhere)' });
    expect(mp4.getAttribute('href')).toBe(`${mp4Url}&download=1`);
    expect(mp4.getAttribute('download')).toBe('Q3 review.mp4');
    const original = screen.getByRole('link', { name: 'Original' });
    expect(original.getAttribute('href')).toBe(`${url}&download=1`);
    expect(original.getAttribute('download')).toBe('Q3 review.webm');
  });

  it("a card's menu lists both in place of Download", async () => {
    const user = userEvent.setup();
    const noop = () => undefined;
    render(<VideoActionsMenu title="Demo" url={url} mp4Url={mp4Url} onShare={noop} onDelete={noop} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Demo' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Share', 'MP4 (plays everywhere)', 'Original', 'Delete']);
  });

  it("the owner's Original is the uploaded file, named by its own type (an MOV stays .mov)", async () => {
    const original = { url: '/api/videoservice/original/a?expires=1&signature=o', contentType: 'video/quicktime' };
    render(<DownloadLink url={url} mp4Url={mp4Url} original={original} title="Q3 review" />);
    const link = screen.getByRole('link', { name: 'Original' });
    expect(link.getAttribute('href')).toBe(`${original.url}&download=1`);
    expect(link.getAttribute('download')).toBe('Q3 review.mov');
    cleanup();
    const user = userEvent.setup();
    const noop = () => undefined;
    render(<VideoActionsMenu title="Demo" url={url} mp4Url={mp4Url} original={original} onShare={noop} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Demo' }));
    const item = screen.getByRole('menuitem', { name: 'Original' });
    expect(item.getAttribute('href')).toBe(`${original.url}&download=1`);
    expect(item.getAttribute('download')).toBe('Demo.mov');
    cleanup();
    // Without an MP4 yet, the one Download is what plays, as before.
    render(<DownloadLink url={url} original={original} title="Demo" />);
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(`${url}&download=1`);
  });

  it('without an MP4 there is the one Download, as before', () => {
    render(<DownloadLink url={url} title="Demo" />);
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('Demo.webm');
    expect(screen.queryByRole('link', { name: 'Original' })).toBeNull();
  });
});
