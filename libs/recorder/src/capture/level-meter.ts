/**
 * The microphone's loudness, live: an AnalyserNode on the microphone's stream, read on demand.
 * Used for the meter beside the Microphone list and, while recording, to notice a microphone that
 * delivers only silence (muted in hardware or by the system) in the first seconds.
 */

/** Below this RMS (about -60 dBFS) a sample window counts as silence. */
export const silenceRms = 0.001;

export interface LevelMeter {
  /** The current loudness, 0 (silence) to 1 (full scale), on a dB scale from -60 dBFS. */
  level(): number;
  /** The root mean square of the current window, 0 to 1. */
  rms(): number;
  /**
   * Whether the meter hears anything at all: false while its AudioContext is suspended (Firefox with
   * no audio output device never starts one), when every window reads as silence whatever comes in.
   */
  hearing(): boolean;
  close(): void;
}

/** The parts of an AudioContext a meter uses (a fake one in unit tests). */
export interface MeterContext<Stream> {
  createMediaStreamSource(stream: Stream): { connect(node: unknown): unknown; disconnect(): void };
  createAnalyser(): { fftSize: number; getFloatTimeDomainData(array: Float32Array): void };
  close(): Promise<void>;
  readonly state?: string;
  resume?(): Promise<void>;
}

export function createLevelMeter<Stream>(stream: Stream, createContext: () => MeterContext<Stream>): LevelMeter {
  const context = createContext();
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  source.connect(analyser);
  if (context.state === 'suspended') void context.resume?.().catch(() => undefined);
  const samples = new Float32Array(analyser.fftSize);
  let closed = false;
  const rms = () => {
    if (closed) return 0;
    analyser.getFloatTimeDomainData(samples);
    return rmsOf(samples);
  };
  return {
    rms,
    level: () => levelOf(rms()),
    hearing: () => !closed && context.state !== 'suspended',
    close() {
      if (closed) return;
      closed = true;
      source.disconnect();
      void context.close().catch(() => undefined);
    },
  };
}

export function rmsOf(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

/** RMS to 0..1 on a decibel scale: -60 dBFS or quieter is 0, full scale is 1. */
export function levelOf(rms: number): number {
  if (rms <= silenceRms) return 0;
  return Math.min(1, Math.max(0, (20 * Math.log10(rms) + 60) / 60));
}
