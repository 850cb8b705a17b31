/**
 * Said beside a transcript the built-in engine made: it is rough (it turns clear speech into
 * wrong words) and hears English alone; a Whisper server is the real engine, which the server's
 * operator plugs in with TRANSCRIBE_URL (docs/transcription.md).
 */
export function BuiltinEngineNote() {
  return (
    <p className="rounded-box bg-base-200 p-2 text-sm" data-testid="builtin-engine-note">
      This transcript was made by the server’s built-in engine, which is rough and hears English only: expect wrong
      words. Greyed words are ones it was unsure of; search and captions leave them out. For accurate transcripts in any
      language, the server’s operator can plug in a Whisper server (the <code>TRANSCRIBE_URL</code> setting; see
      docs/transcription.md).
    </p>
  );
}
