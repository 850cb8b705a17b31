import type { MessageInitShape } from '@bufbuild/protobuf';
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from '@connectrpc/connect';
import {
  type Annotation,
  AnnotationKind,
  type EditService,
  EditState,
  Status,
  type TimeRange,
  type Video,
  type VideoSchema,
} from '@stream/proto';
import { overlaysOnPlayingTimeline, validAnnotations } from './fake-annotations';
import { invalid } from './fake-validation';

export interface FakeEditDeps {
  /** The caller's own video (unauthenticated signed out, not_found for anyone else's). */
  owned(id: string, context: HandlerContext): Video;
  update(id: string, patch: MessageInitShape<typeof VideoSchema>): Video;
  record(method: 'saveEdits' | 'revertEdits' | 'setCaptions', request: unknown): void;
}

// The server's rules of kept ranges (apps/api/src/edits/edit-rules.ts).
const MAX_KEPT_RANGES = 100;
const MIN_RANGE_SECONDS = 0.1;
const EDGE_SECONDS = 0.05;
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The EditService of the fake video service (kept ranges and annotations), with the server's
 * checks. An edit "renders" at once: the answer is already APPLIED with the kept ranges playing.
 */
export function fakeEditService(deps: FakeEditDeps): Partial<ServiceImpl<typeof EditService>> {
  const originalLength = (video: Video) => video.originalDurationSeconds || video.durationSeconds;
  const revert = (video: Video, annotations: Annotation[] = []) =>
    deps.update(video.id, {
      editState: EditState.NONE,
      keptRanges: [],
      playingRanges: [],
      durationSeconds: originalLength(video),
      editFailureReason: '',
      editAnnotations: annotations,
      annotations: overlaysOnPlayingTimeline(annotations, []),
    });
  return {
    saveEdits(req, context) {
      deps.record('saveEdits', { ...req });
      const video = deps.owned(req.videoId, context);
      if (video.status !== Status.READY || !video.url)
        throw new ConnectError('Only a processed video can be edited', Code.FailedPrecondition);
      const length = originalLength(video);
      const annotations = validAnnotations(req.annotations, length);
      const blurs = annotations.filter((a) => a.kind === AnnotationKind.BLUR);
      const trimmed = keptRanges(req.keptRanges, length);
      if (!trimmed && blurs.length === 0) {
        if (video.editState === EditState.NONE)
          return deps.update(video.id, {
            editAnnotations: annotations,
            annotations: overlaysOnPlayingTimeline(annotations, []),
          });
        return revert(video, annotations);
      }
      const kept = trimmed ?? [{ startSeconds: 0, endSeconds: round(length) }];
      const sameRender =
        renderKey(
          video.keptRanges,
          video.editAnnotations.filter((a) => a.kind === AnnotationKind.BLUR),
        ) === renderKey(kept, blurs);
      if (video.editState === EditState.APPLYING && blurs.length > 0 && !sameRender)
        throw new ConnectError(
          'Another edit of this video is still processing: wait until it is done to add or change a blur',
          Code.FailedPrecondition,
        );
      return deps.update(video.id, {
        editState: EditState.APPLIED,
        keptRanges: kept,
        playingRanges: kept,
        originalDurationSeconds: length,
        durationSeconds: round(kept.reduce((sum, r) => sum + r.endSeconds - r.startSeconds, 0)),
        editAnnotations: annotations,
        annotations: overlaysOnPlayingTimeline(annotations, kept),
      });
    },
    revertEdits(req, context) {
      deps.record('revertEdits', { ...req });
      return revert(deps.owned(req.videoId, context));
    },
    setCaptions(req, context) {
      deps.record('setCaptions', { ...req });
      const video = deps.owned(req.videoId, context);
      if (req.webvtt !== '' && !/^(\uFEFF)?WEBVTT(\s|$)/.test(req.webvtt))
        throw invalid('webvtt must be a WebVTT file (starting with "WEBVTT")');
      return deps.update(video.id, { captionsUrl: req.webvtt ? `/api/videoservice/captions/${video.id}` : '' });
    },
  };
}

type Range = { startSeconds: number; endSeconds: number };

const renderKey = (kept: readonly Range[], blurs: readonly Annotation[]) =>
  JSON.stringify([
    kept.map((r) => [r.startSeconds, r.endSeconds]),
    blurs.map((b) => [b.fromSeconds, b.toSeconds, b.x, b.y, b.width, b.height]),
  ]);

/** The server's keptRanges: checked, touching ones joined; null when they keep the whole video. */
function keptRanges(ranges: readonly TimeRange[], duration: number): Range[] | null {
  if (ranges.length === 0) throw invalid('kept_ranges must hold at least one range');
  if (ranges.length > MAX_KEPT_RANGES) throw invalid(`kept_ranges must hold at most ${MAX_KEPT_RANGES} ranges`);
  const kept: Range[] = [];
  for (const [index, { startSeconds: start, endSeconds: end }] of ranges.entries()) {
    if (!Number.isFinite(start) || !Number.isFinite(end)) throw invalid(`kept_ranges[${index}] must be finite`);
    if (start < 0) throw invalid(`kept_ranges[${index}] starts before the video`);
    if (start >= duration) throw invalid(`kept_ranges[${index}] starts after the video ends`);
    if (end - start < MIN_RANGE_SECONDS)
      throw invalid(`kept_ranges[${index}] must be at least ${MIN_RANGE_SECONDS} s long and end after it starts`);
    const previous = kept.at(-1);
    if (previous && start < previous.endSeconds)
      throw invalid(`kept_ranges[${index}] overlaps or precedes the one before`);
    const clipped = {
      startSeconds: round(start <= EDGE_SECONDS ? 0 : start),
      endSeconds: round(Math.min(end, duration)),
    };
    if (previous && clipped.startSeconds <= previous.endSeconds) previous.endSeconds = clipped.endSeconds;
    else kept.push(clipped);
  }
  const whole = kept.length === 1 && kept[0]!.startSeconds === 0 && kept[0]!.endSeconds >= duration - EDGE_SECONDS;
  return whole ? null : kept;
}
