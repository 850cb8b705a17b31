export interface TranscriptionSectionProps {
  /** Undefined while it loads. */
  engine?: 'off' | 'builtin' | 'server' | undefined;
  url: string;
  model: string;
  testing: boolean;
  result?:
    | { ok: boolean; expectedText: string; text: string; uncertainWords: string[]; error: string; seconds: number }
    | undefined;
  /** Why Test could not run at all (transcription off, not an admin). */
  error?: string | undefined;
  onTest: () => void;
}

const ENGINE_WORDS = {
  off: 'Off (TRANSCRIBE=off): no video is transcribed.',
  builtin:
    'The built-in engine (pocketsphinx). It is rough and hears English only: expect many wrong words. For accurate transcripts in any language, run a Whisper server and set TRANSCRIBE_URL to it (docs/transcription.md).',
  server: 'A Whisper server (TRANSCRIBE_URL).',
};

/**
 * /admin's Transcription section: which engine this server transcribes with, how to plug in a
 * Whisper server, and Test, which has the engine transcribe a short clip now and shows what it
 * heard or what went wrong.
 */
export function TranscriptionSection(props: TranscriptionSectionProps) {
  const { engine, result } = props;
  if (!engine) return <p>Loading...</p>;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p data-testid="transcription-engine">{ENGINE_WORDS[engine]}</p>
      {engine === 'server' && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3">
          <dt className="font-semibold">URL</dt>
          <dd className="break-all">{props.url}</dd>
          <dt className="font-semibold">Model</dt>
          <dd className="break-all">{props.model}</dd>
        </dl>
      )}
      {engine !== 'off' && (
        <div>
          <button type="button" className="btn btn-sm" disabled={props.testing} onClick={props.onTest}>
            {props.testing ? 'Testing…' : 'Test'}
          </button>{' '}
          <span className="opacity-80">sends a 4-second clip of synthesised speech to the engine.</span>
        </div>
      )}
      {props.error && (
        <p role="alert" className="text-error">
          {props.error}
        </p>
      )}
      {result && (
        <div role="status" className="rounded-box bg-base-200 flex flex-col gap-1 p-2" data-testid="transcription-test">
          {result.ok ? (
            <>
              <p>
                The engine answered in {result.seconds.toFixed(1)} s. It heard: <q>{result.text || '(nothing)'}</q>
              </p>
              <p>
                The clip says: <q>{result.expectedText}</q>
              </p>
              {result.uncertainWords.length > 0 && (
                <p>Words it was unsure of (left out above): {result.uncertainWords.join(', ')}</p>
              )}
            </>
          ) : (
            <p className="text-error">The test failed: {result.error}</p>
          )}
        </div>
      )}
    </div>
  );
}
