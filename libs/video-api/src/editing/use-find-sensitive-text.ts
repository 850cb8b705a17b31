import { createClient, type Transport } from '@connectrpc/connect';
import { SensitiveTextKind, SensitiveTextService } from '@stream/proto';
import { useEffect, useRef, useState } from 'react';
import { changeErrorMessage } from '../errors/change-error-message';
import { annotationMarksOf, type AnnotationMarkView } from '../view/annotations-view';

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
  /** The blur to add, on the original's timeline, as the editor's marks are (SaveEdits takes it back). */
  annotation: AnnotationMarkView;
}

/**
 * "Find sensitive text" of one video as `@stream/ui`'s `SensitiveTextFinder` props:
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
            const [annotation] = annotationMarksOf([found.region]);
            if (!annotation) return [];
            return [{ id: `${index}`, kind, masked: found.masked, fromSeconds, toSeconds, annotation }];
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
