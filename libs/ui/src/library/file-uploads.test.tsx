import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FileUploads, type FileUploadRow } from './file-uploads';

afterEach(cleanup);

const noop = () => undefined;

describe('FileUploads', () => {
  it('hands over several chosen files at once', async () => {
    const chosen: string[][] = [];
    render(<FileUploads uploads={[]} onFiles={(files) => chosen.push(files.map((f) => f.name))} onDismiss={noop} />);
    const files = [
      new File(['a'], 'a.mp4', { type: 'video/mp4' }),
      new File(['b'], 'b.mov', { type: 'video/quicktime' }),
    ];
    await userEvent.upload(screen.getByLabelText('choose files'), files);
    expect(chosen).toEqual([['a.mp4', 'b.mov']]);
  });

  it('hands over dropped files, and ignores a dragged card', () => {
    const dropped: string[][] = [];
    render(<FileUploads uploads={[]} onFiles={(files) => dropped.push(files.map((f) => f.name))} onDismiss={noop} />);
    const box = screen.getByText(/Drop video files here/);
    const file = new File(['x'], 'phone.mp4');
    fireEvent.drop(box, { dataTransfer: { types: ['Files'], files: [file] } });
    fireEvent.drop(box, { dataTransfer: { types: ['application/x-stream-video'], files: [] } });
    expect(dropped).toEqual([['phone.mp4']]);
  });

  it('shows each file with its own progress, then what became of it', () => {
    const rows: FileUploadRow[] = [
      { key: 1, name: 'a.mp4', size: 1000, sent: 250, state: 'uploading' },
      { key: 2, name: 'b.mov', size: 10, sent: 10, state: 'done' },
      { key: 3, name: 'notes.mp4', size: 10, sent: 0, state: 'failed', error: 'Not a video file' },
    ];
    render(<FileUploads uploads={rows} onFiles={noop} onDismiss={noop} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading a.mp4' }).getAttribute('value')).toBe('25');
    expect(screen.getByText('25%')).toBeTruthy();
    expect(screen.getByText('Uploaded, processing')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Not a video file');
  });
});
