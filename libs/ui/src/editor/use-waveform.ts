import { peaks } from './waveform';
import { useEffect, useState } from 'react';

/** Decoding fetches the whole file: past this size the editor goes without a waveform. */
const MAX_WAVEFORM_BYTES = 64 * 1024 * 1024;
const BUCKETS = 300;

/**
 * The loudness outline of a video's audio for the edit timeline, decoded in the browser (Web
 * Audio); undefined while it loads, for a large file, or where the browser cannot decode it.
 */
export function useWaveform(url: string | undefined, sizeBytes: number): number[] | undefined {
  const [waveform, setWaveform] = useState<number[]>();
  useEffect(() => {
    if (!url || sizeBytes > MAX_WAVEFORM_BYTES || typeof OfflineAudioContext === 'undefined') return;
    const abort = new AbortController();
    const context = new OfflineAudioContext(1, 1, 8000);
    fetch(url, { signal: abort.signal })
      .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(`${response.status}`))))
      .then((bytes) => context.decodeAudioData(bytes))
      .then((audio) => {
        if (!abort.signal.aborted) setWaveform(peaks(audio.getChannelData(0), BUCKETS));
      })
      .catch(() => undefined); // no waveform: the filmstrip and handles still work
    return () => abort.abort();
  }, [url, sizeBytes]);
  return waveform;
}
