import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordUploadView } from './record-upload-view';

afterEach(cleanup);

describe('RecordUploadView', () => {
  it('shows the warnings, the link with who can watch, and the progress while the instant upload runs', async () => {
    const onChange = vi.fn();
    render(
      <RecordUploadView
        notices={['Offline: safe here']}
        link={{ link: 'https://stream.example/s/abc', failed: false }}
        whoCanWatch={{ visibility: 'shared', onChange }}
        progress={{ label: 'Uploading while you record...', percent: 40 }}
      />,
    );
    expect(screen.getByText('Offline: safe here')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Link to your video' }) as HTMLInputElement).value).toBe(
      'https://stream.example/s/abc',
    );
    await userEvent.selectOptions(screen.getByLabelText('Who can watch'), 'public');
    expect(onChange).toHaveBeenCalledWith('public');
    expect(screen.getByText('Uploading while you record...').closest('[role="status"]')).toBeTruthy();
    expect((screen.getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement).value).toBe(40);
  });

  it('once uploaded: the success and the link to the video; nothing else', () => {
    render(
      <RecordUploadView
        notices={[]}
        uploaded={{ message: 'Video uploaded successfully!', videoId: 'v1' }}
        renderVideoLink={(id) => <a href={`/video/${id}`}>Open the video</a>}
      />,
    );
    expect(screen.getByText('Video uploaded successfully!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the video' }).getAttribute('href')).toBe('/video/v1');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
