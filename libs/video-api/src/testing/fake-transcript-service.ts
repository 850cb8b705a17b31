import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport, type Transport } from '@connectrpc/connect';
import { TranscriptSchema, TranscriptService, TranscriptState, type Transcript } from '@stream/proto';

export interface FakeTranscriptService {
  transport: Transport;
  /** Each video's transcript; a video without one answers not_found. */
  transcripts: Map<string, Transcript>;
  /** The owner of each video: only they correct lines or retry. */
  owners: Map<string, string>;
  /** Calls from now on are made by `uid` (undefined: signed out). */
  as(uid: string | undefined): void;
}

const fail = (code: Code, message: string) => new ConnectError(message, code);

/**
 * An in-memory TranscriptService with the real one's rules: anyone who may see the
 * video reads it, only the owner corrects a line (not blank, at most 1,000 characters) or asks for
 * a Retry (which leaves it TRANSCRIBING; `transcripts.set` finishes it).
 */
export function createFakeTranscriptService(): FakeTranscriptService {
  const transcripts = new Map<string, Transcript>();
  const owners = new Map<string, string>();
  let caller: string | undefined = 'owner';
  const found = (videoId: string) => {
    const transcript = transcripts.get(videoId);
    if (!transcript) throw fail(Code.NotFound, `No video ${videoId}`);
    return transcript;
  };
  const owned = (videoId: string) => {
    const transcript = found(videoId);
    if (!caller) throw fail(Code.Unauthenticated, 'Sign in: this call needs an ID token');
    if (owners.get(videoId) !== caller) throw fail(Code.NotFound, `No video ${videoId}`);
    return transcript;
  };
  const transport = createRouterTransport((router) =>
    router.service(TranscriptService, {
      // The editor's original timeline is the owner's alone, as on the server.
      getTranscript: (request) => (request.originalTimeline ? owned(request.videoId) : found(request.videoId)),
      updateTranscriptSegment(request) {
        const transcript = owned(request.videoId);
        const text = request.text.trim().replace(/\s+/g, ' ');
        if (!text) throw fail(Code.InvalidArgument, 'A transcript line cannot be blank');
        if (text.length > 1000) throw fail(Code.InvalidArgument, 'A transcript line holds at most 1000 characters');
        const segment = transcript.segments.find((s) => s.index === request.index);
        if (!segment)
          throw fail(Code.NotFound, `The transcript of video ${request.videoId} has no line ${request.index}`);
        const next = create(TranscriptSchema, {
          ...transcript,
          segments: transcript.segments.map((s) => (s === segment ? { ...s, text, words: [], edited: true } : s)),
        });
        transcripts.set(request.videoId, next);
        return next;
      },
      retryTranscription(request) {
        const transcript = owned(request.videoId);
        if (transcript.state === TranscriptState.TRANSCRIBING)
          throw fail(Code.FailedPrecondition, 'The video is being transcribed already');
        const next = create(TranscriptSchema, {
          ...transcript,
          state: TranscriptState.TRANSCRIBING,
          failureReason: '',
        });
        transcripts.set(request.videoId, next);
        return next;
      },
    }),
  );
  return {
    transport,
    transcripts,
    owners,
    as(uid) {
      caller = uid;
    },
  };
}
