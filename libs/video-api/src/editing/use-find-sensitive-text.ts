import { createClient, type Transport } from '@connectrpc/connect';
import { SensitiveTextKind, SensitiveTextService, type Annotation } from '@stream/proto';
import { useEffect, useRef, useState } from 'react';
import { changeErrorMessage } from '../errors/change-error-message';

type Kind = 'email' | 'api-key' | 'card-number' | 'phone-number';

const kindOf: Record<SensitiveTextKind, Kind | undefined> = {
  [SensitiveTextKind.UNSPECIFIED]: undefined,
  [SensitiveTextKind.EMAIL]: 'email',
  [SensitiveTextKind.API_KEY]: 'api-key',
  [SensitiveTextKind.CARD_NUMBER]: 'card-number',
  [SensitiveTextKind.PHONE_NUMBER]: 'phone-number',
};

export type SensitiveSearchState =
  | { status: 'idle' }
  | { status: 'reading'; framesRead: number; framesTotal: number }
  | { status: 'done' }
  | { status: 'failed'; message: string };

export interface FoundSensitiveText {
  id: string;
  kind: Kind;
  masked: string;
  fromSeconds: number;
  toSeconds: number;
  /** ANNOTATION_KIND_BLUR on the original's timeline, as SaveEdits takes it. */
  annotation: Annotation;
}

/**
 * "Find sensitive text" of one video (issue 31) as `@stream/ui`'s `SensitiveTextFinder` props:
 * FindSensitiveText's stream of progress, then its suggestions, each removed once accepted or
 * dropped. Leaving the page (or asking again) stops the search in progress.
 */
export function useFindSensitiveText(transport: Transport, videoId: string) {
  const [search, setSearch] = useState<SensitiveSearchState>({ status: 'idle' });
  const [suggestions, setSuggestions] = useState<FoundSensitiveText[]>([]);
  const running = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => running.current?.abort(), []);

  const onFind = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setSuggestions([]);
    setSearch({ status: 'reading', framesRead: 0, framesTotal: 0 });
    try {
      const client = createClient(SensitiveTextService, transport);
      for await (const step of client.findSensitiveText({ videoId }, { signal: controller.signal })) {
        if (!step.done) {
          setSearch({ status: 'reading', framesRead: step.framesRead, framesTotal: step.framesTotal });
          continue;
        }
        setSuggestions(
          step.found.flatMap((found, index) => {
            const kind = kindOf[found.kind];
            if (!kind || !found.region) return [];
            const { fromSeconds, toSeconds } = found.region;
            return [{ id: `${index}`, kind, masked: found.masked, fromSeconds, toSeconds, annotation: found.region }];
          }),
        );
        setSearch({ status: 'done' });
      }
    } catch (error) {
      if (!controller.signal.aborted) setSearch({ status: 'failed', message: changeErrorMessage(error) });
    }
  };

  return {
    search,
    suggestions,
    onFind: () => void onFind(),
    onRemove: (id: string) => setSuggestions((current) => current.filter((suggestion) => suggestion.id !== id)),
  };
}
