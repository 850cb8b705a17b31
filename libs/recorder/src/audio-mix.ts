import type { AudioSources } from './machine.ts';

/**
 * Screen audio and microphone mixed into ONE audio track. MediaRecorder records only the first
 * audio track of a stream, so handing it both tracks silently loses the microphone; instead each
 * source feeds a Web Audio MediaStreamAudioSourceNode connected to one MediaStreamAudioDestinationNode
 * whose single track is recorded.
 *
 * The graph is built from injected factories, so the wiring is unit-tested with fake tracks; the
 * browser shell passes `new AudioContext()` and `new MediaStream(tracks)`.
 *
 * An AudioContext that never starts (Firefox with no audio output device: it stays "suspended" and
 * `resume()` never settles) would record no sound at all, so where `ensureRunning` says it did not
 * start, `unmixedAudio` records one source's own track instead.
 */

export interface MixSourceNode<Destination> {
  connect(destination: Destination): unknown;
  disconnect(): void;
}

export interface MixDestination<Track> {
  readonly stream: { getAudioTracks(): Track[] };
}

export interface MixContext<Track, Stream, Destination extends MixDestination<Track>> {
  createMediaStreamSource(stream: Stream): MixSourceNode<Destination>;
  createMediaStreamDestination(): Destination;
  close(): Promise<void>;
  /** A context created without a user gesture may start suspended, and a suspended one records silence. */
  readonly state?: string;
  resume?(): Promise<void>;
}

export interface MixFactories<Track, Stream, Destination extends MixDestination<Track>> {
  createContext(): MixContext<Track, Stream, Destination>;
  createStream(tracks: Track[]): Stream;
}

export interface AudioMix<Track> {
  /** The one audio track to record, or null when there is no audio at all. */
  readonly track: Track | null;
  readonly sources: AudioSources;
  /**
   * Resume the AudioContext if the browser started it suspended: true once it runs, false when it
   * has not started `timeoutMs` after asking (or refused). Default: wait as long as it takes.
   */
  ensureRunning(timeoutMs?: number): Promise<boolean>;
  /** Disconnect the graph and close the AudioContext (idempotent). */
  close(): Promise<void>;
}

export function buildAudioMix<Track, Stream, Destination extends MixDestination<Track>>(
  input: { readonly screen: readonly Track[]; readonly microphone: readonly Track[] },
  factories: MixFactories<Track, Stream, Destination>,
): AudioMix<Track> {
  const sources = audioSources(input.screen.length > 0, input.microphone.length > 0);
  if (sources === 'none')
    return { track: null, sources, ensureRunning: async () => true, close: async () => undefined };

  const context = factories.createContext();
  const destination = context.createMediaStreamDestination();
  // One source node per input stream; a stream's several audio tracks (rare) are summed by Web Audio.
  const nodes = [input.screen, input.microphone]
    .filter((tracks) => tracks.length > 0)
    .map((tracks) => {
      const node = context.createMediaStreamSource(factories.createStream([...tracks]));
      node.connect(destination);
      return node;
    });

  const [track] = destination.stream.getAudioTracks();
  let closed: Promise<void> | undefined;
  return {
    track: track ?? null,
    // A destination without a track (never seen) must not claim audio that is not recorded.
    sources: track ? sources : 'none',
    async ensureRunning(timeoutMs?: number) {
      if (context.state !== 'suspended') return true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // A resume() that throws at once is refused too.
      const resumed = Promise.resolve()
        .then(() => context.resume?.())
        .then(
          () => true,
          () => false,
        );
      const gaveUp =
        timeoutMs === undefined
          ? resumed
          : new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const answered = await Promise.race([resumed, gaveUp]);
      clearTimeout(timer);
      return answered && (context.state as string) !== 'suspended';
    },
    close() {
      closed ??= (async () => {
        for (const node of nodes) node.disconnect();
        await context.close();
      })();
      return closed;
    },
  };
}

/**
 * The audio without Web Audio: the microphone's own track, else the screen's, as captured. With
 * both, only the microphone is recorded (MediaRecorder takes one audio track; the voice matters most).
 */
export function unmixedAudio<Track>(input: {
  readonly screen: readonly Track[];
  readonly microphone: readonly Track[];
}): AudioMix<Track> {
  const [microphone] = input.microphone;
  const [screen] = input.screen;
  const track = microphone ?? screen ?? null;
  return {
    track,
    sources: microphone ? 'microphone' : screen ? 'screen' : 'none',
    ensureRunning: async () => true,
    close: async () => undefined,
  };
}

function audioSources(screen: boolean, microphone: boolean): AudioSources {
  if (screen && microphone) return 'screen+microphone';
  if (screen) return 'screen';
  if (microphone) return 'microphone';
  return 'none';
}
