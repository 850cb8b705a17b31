import { LabelledSelect } from './labelled-select';
import { usePendingAction } from './use-pending-action';

/** The languages offered (ISO 639-1), in their English names; '' lets the engine detect it. */
export const SPOKEN_LANGUAGES: ReadonlyArray<[code: string, name: string]> = [
  ['', 'Detect automatically'],
  ['en', 'English'],
  ['de', 'German'],
  ['fr', 'French'],
  ['es', 'Spanish'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['nl', 'Dutch'],
  ['pl', 'Polish'],
  ['ru', 'Russian'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['zh', 'Chinese'],
];

export interface SpokenLanguageProps {
  /** The language chosen ('' : detected, or the account's default). */
  value: string;
  /** What the server's engine transcribes; empty: any. */
  engineLanguages: readonly string[];
  /** Sets it; rejects with the words to show. */
  onChange: (code: string) => Promise<void>;
  /** Transcribes again (in the language now set); absent where that cannot be asked. */
  onTranscribeAgain?: () => Promise<void>;
}

const LANGUAGE_OPTIONS = SPOKEN_LANGUAGES.map(([code, name]) => ({ value: code, label: name }));

const nameOf = (code: string) => SPOKEN_LANGUAGES.find(([c]) => c === code)?.[1] ?? code;

/** The spoken language a video is transcribed in, and what this server's engine can do with it. */
export function SpokenLanguage({ value, engineLanguages, onChange, onTranscribeAgain }: SpokenLanguageProps) {
  const change = usePendingAction();
  const again = usePendingAction();
  const unsupported = value !== '' && engineLanguages.length > 0 && !engineLanguages.includes(value);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-end gap-2">
        <LabelledSelect
          label="Spoken language"
          value={value}
          options={LANGUAGE_OPTIONS}
          disabled={change.pending}
          onChange={(code) => void change.run(() => onChange(code))}
        />
        {onTranscribeAgain && (
          <button
            type="button"
            className="btn btn-sm"
            disabled={again.pending}
            onClick={() => void again.run(onTranscribeAgain)}
          >
            Transcribe again
          </button>
        )}
      </div>
      {unsupported && (
        <p role="note" className="text-warning-content">
          This server transcribes {engineLanguages.map(nameOf).join(', ')} only: {nameOf(value)} speech comes out as{' '}
          {nameOf(engineLanguages[0]!)} words. A transcription server (TRANSCRIBE_URL) takes other languages.
        </p>
      )}
      {(change.error || again.error) && <p role="alert">{change.error ?? again.error}</p>}
    </div>
  );
}
