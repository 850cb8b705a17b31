import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranscriptionSection, type TranscriptionSectionProps } from './transcription-section';

afterEach(cleanup);

const section = (props: Partial<TranscriptionSectionProps> = {}) => {
  const onTest = vi.fn();
  render(<TranscriptionSection engine="builtin" url="" model="" testing={false} onTest={onTest} {...props} />);
  return onTest;
};

describe("/admin's Transcription section", () => {
  it('says plainly that the built-in engine is rough and English only, and how to plug in a Whisper server', () => {
    section();
    const words = screen.getByTestId('transcription-engine').textContent;
    expect(words).toContain('rough and hears English only');
    expect(words).toContain('set TRANSCRIBE_URL');
    expect(words).toContain('docs/transcription.md');
  });

  it("names the Whisper server's URL and model, and Test shows what it heard", async () => {
    const onTest = section({
      engine: 'server',
      url: 'http://127.0.0.1:8000/v1',
      model: 'Systran/faster-whisper-small',
    });
    expect(screen.getByText('http://127.0.0.1:8000/v1')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Test' }));
    expect(onTest).toHaveBeenCalledOnce();
    cleanup();
    section({
      engine: 'server',
      result: {
        ok: true,
        expectedText: 'Hello from Stream.',
        text: 'hello from stream',
        uncertainWords: ['um'],
        error: '',
        seconds: 1.25,
      },
    });
    const status = screen.getByRole('status').textContent;
    expect(status).toContain('answered in 1.3 s. It heard: hello from stream');
    expect(status).toContain('unsure of (left out above): um');
  });

  it("shows a failed test in the server's words, and offers no Test when transcription is off", () => {
    section({
      engine: 'server',
      result: { ok: false, expectedText: '', text: '', uncertainWords: [], error: 'answered 404', seconds: 0.1 },
    });
    expect(screen.getByRole('status').textContent).toBe('The test failed: answered 404');
    cleanup();
    section({ engine: 'off' });
    expect(screen.queryByRole('button', { name: 'Test' })).toBeNull();
  });
});
