import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElapsedTime } from './elapsed-time';
import { RecorderControls } from './recorder-controls';
import { RecorderNotice } from './recorder-notice';
import { RecordingPreview } from './recording-preview';
import { UploadStatus } from './upload-status';

afterEach(cleanup);

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('RecorderControls', () => {
  it('offers Start when idle and Stop while recording', async () => {
    const onStart = vi.fn();
    const onStop = vi.fn();
    const { rerender } = render(<RecorderControls recording={false} onStart={onStart} onStop={onStop} />);
    expect(button('Start Recording').disabled).toBe(false);
    expect(button('Stop Recording').disabled).toBe(true);
    await userEvent.click(button('Start Recording'));
    expect(onStart).toHaveBeenCalledOnce();

    rerender(<RecorderControls recording onStart={onStart} onStop={onStop} />);
    expect(button('Start Recording').disabled).toBe(true);
    await userEvent.click(button('Stop Recording'));
    expect(onStop).toHaveBeenCalledOnce();
  });

  it('disables both while uploading or busy', () => {
    const { rerender } = render(<RecorderControls recording={false} disabled onStart={vi.fn()} onStop={vi.fn()} />);
    expect(button('Start Recording').disabled).toBe(true);
    expect(button('Stop Recording').disabled).toBe(true);
    rerender(<RecorderControls recording busy onStart={vi.fn()} onStop={vi.fn()} />);
    expect(button('Stop Recording').disabled).toBe(true);
  });
});

describe('ElapsedTime', () => {
  it('shows minutes and zero-padded seconds', () => {
    render(<ElapsedTime elapsedMs={65_400} />);
    expect(screen.getByTestId('elapsed-time').textContent).toBe('1:05');
  });
});

describe('RecordingPreview', () => {
  it('plays the recording and downloads it as recording.webm', async () => {
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    render(<RecordingPreview blob={new Blob(['webm'])} />);
    const src = screen.getByLabelText('Recording preview', { selector: 'video' }).getAttribute('src');
    expect(src).toMatch(/^blob:/);
    await userEvent.click(button('Download'));
    expect(clicked).toEqual([{ href: src, download: 'recording.webm' }]);
    click.mockRestore();
  });

  it('revokes its URL when the blob is replaced and when it goes away', () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const video = () => screen.getByLabelText('Recording preview', { selector: 'video' });
    const { rerender, unmount } = render(<RecordingPreview blob={new Blob(['first'])} />);
    const first = video().getAttribute('src');
    rerender(<RecordingPreview blob={new Blob(['first'])} downloadDisabled />);
    expect(revoke).toHaveBeenCalledWith(first);
    const second = video().getAttribute('src');
    expect(second).toMatch(/^blob:/);
    expect(second).not.toBe(first);
    rerender(<RecordingPreview blob={new Blob(['first'])} />);
    expect(revoke).toHaveBeenCalledTimes(2);
    const third = video().getAttribute('src');
    unmount();
    expect(revoke).toHaveBeenLastCalledWith(third);
    revoke.mockRestore();
  });

  it('keeps its URL across renders of the same blob', () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const blob = new Blob(['same']);
    const { rerender } = render(<RecordingPreview blob={blob} />);
    rerender(<RecordingPreview blob={blob} downloadDisabled />);
    expect(revoke).not.toHaveBeenCalled();
    revoke.mockRestore();
  });

  it('can disable Download', () => {
    render(<RecordingPreview blob={new Blob(['webm'])} downloadDisabled />);
    expect(button('Download').disabled).toBe(true);
  });
});

describe('UploadStatus', () => {
  it("shows 'Uploading video...' and the percentage while uploading", () => {
    render(<UploadStatus uploading progress={42.4} failed={false} onReupload={vi.fn()} />);
    expect(screen.getByText('Uploading video...')).toBeTruthy();
    expect(screen.getByTestId('upload-progress').textContent).toBe('42%');
    expect(screen.queryByRole('button', { name: 'Re-upload Video' })).toBeNull();
  });

  it('offers Re-upload Video after a failure, and nothing after a success', async () => {
    const onReupload = vi.fn();
    const { rerender, container } = render(
      <UploadStatus uploading={false} progress={0} failed onReupload={onReupload} />,
    );
    await userEvent.click(button('Re-upload Video'));
    expect(onReupload).toHaveBeenCalledOnce();
    rerender(<UploadStatus uploading={false} progress={100} failed={false} onReupload={onReupload} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('RecorderNotice', () => {
  it('explains and can be dismissed', async () => {
    const onDismiss = vi.fn();
    render(<RecorderNotice message="Screen sharing was cancelled." onDismiss={onDismiss} />);
    expect(screen.getByRole('alert').textContent).toContain('Screen sharing was cancelled.');
    await userEvent.click(button('Dismiss'));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
