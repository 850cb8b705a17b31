import { formatTime } from '../primitives';

/** What "Find sensitive text" found: the kind, what it says masked, when it shows. */
export interface SensitiveSuggestion<A> {
  id: string;
  kind: 'email' | 'api-key' | 'card-number' | 'phone-number';
  /** "j•••@example.com", "•••• 4242": never the secret itself. */
  masked: string;
  fromSeconds: number;
  toSeconds: number;
  /** The blur region the editor adds on Accept. */
  annotation: A;
}

export type SensitiveSearch =
  | { status: 'idle' }
  | { status: 'reading'; framesRead: number; framesTotal: number }
  | { status: 'done' }
  | { status: 'failed'; message: string };

export interface SensitiveTextFinderProps<A> {
  search: SensitiveSearch;
  suggestions: SensitiveSuggestion<A>[];
  onFind: () => void;
  /** Accept: the editor adds the blur (its annotation list). */
  onAccept: (annotation: A) => void;
  /** The suggestion leaves the list (after Accept, or Drop). */
  onRemove: (id: string) => void;
}

const kindLabel: Record<SensitiveSuggestion<unknown>['kind'], string> = {
  email: 'Email address',
  'api-key': 'API key or token',
  'card-number': 'Card number',
  'phone-number': 'Phone number',
};

/**
 * "Find sensitive text": asks the server to read the video's frames, shows how far it has got,
 * then lists what it found (masked, and when it is on screen) with Accept (add a blur) and Drop.
 */
export function SensitiveTextFinder<A>({
  search,
  suggestions,
  onFind,
  onAccept,
  onRemove,
}: SensitiveTextFinderProps<A>) {
  const reading = search.status === 'reading';
  return (
    <section aria-label="Sensitive text" className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-sm" disabled={reading} onClick={onFind}>
          Find sensitive text
        </button>
        {reading && (
          <progress
            className="progress w-40"
            aria-label="Frames read"
            value={search.framesRead}
            max={Math.max(1, search.framesTotal)}
          />
        )}
        <p role="status" className="text-sm">
          {reading
            ? `Reading frame ${search.framesRead} of ${search.framesTotal}…`
            : search.status === 'done' && suggestions.length === 0
              ? 'Nothing sensitive found.'
              : ''}
        </p>
      </div>
      {search.status === 'failed' && (
        <p role="alert" className="text-error text-sm">
          {search.message}
        </p>
      )}
      {suggestions.length > 0 && (
        <ul aria-label="Suggested blurs" className="flex flex-col gap-1">
          {suggestions.map((suggestion) => {
            const name = `${kindLabel[suggestion.kind]} ${suggestion.masked}`;
            return (
              <li key={suggestion.id} className="flex flex-wrap items-center gap-2">
                <span className="flex-1 text-sm">
                  {kindLabel[suggestion.kind]} <span className="font-mono">{suggestion.masked}</span>,{' '}
                  {formatTime(suggestion.fromSeconds)}–{formatTime(suggestion.toSeconds)}
                </span>
                <button
                  type="button"
                  className="btn btn-xs btn-primary"
                  aria-label={`Accept blur over ${name}`}
                  onClick={() => {
                    onAccept(suggestion.annotation);
                    onRemove(suggestion.id);
                  }}
                >
                  Accept
                </button>
                <button
                  type="button"
                  className="btn btn-xs"
                  aria-label={`Drop ${name}`}
                  onClick={() => onRemove(suggestion.id)}
                >
                  Drop
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
