import type { ConnectRouter } from '@connectrpc/connect';
import { annotationFieldsOf, EditService as EditServiceDescriptor, type UpdateVideoRequest } from '@stream/proto';
import type { EditService } from './edit.service';
import type { VideoLinks } from '../videos';
import { toVideoMessage } from '../videos';
import { videoValidation as valid } from '../videos';
import { signedIn } from '../platform/rpc/signed-in';

export interface EditRoutesDeps {
  edits: EditService;
  links: VideoLinks;
}

/** UpdateVideo's playback fields, for EditService.updatePlayback; undefined when none is set. */
export function playbackChanges(request: UpdateVideoRequest) {
  const chapters = request.chapters?.chapters.map((chapter) => ({ seconds: chapter.seconds, title: chapter.title }));
  const defaultPlaybackRate = request.defaultPlaybackRate;
  if (!chapters && defaultPlaybackRate === undefined) return undefined;
  return { chapters, defaultPlaybackRate };
}

/** The EditService on the Connect router: owner only, like every change of a video. */
export default ({ edits, links }: EditRoutesDeps) =>
  (router: ConnectRouter) => {
    router.service(EditServiceDescriptor, {
      saveEdits: async (request, context) => {
        const user = signedIn(context);
        const ranges = request.keptRanges.map((range) => ({ start: range.startSeconds, end: range.endSeconds }));
        const annotations = request.annotations.map(annotationFieldsOf);
        const video = await edits.save(user, valid.videoId(request.videoId), ranges, annotations);
        return toVideoMessage(video, links, { callerUid: user.uid, owner: true });
      },

      revertEdits: async (request, context) => {
        const user = signedIn(context);
        const video = await edits.revert(user, valid.videoId(request.videoId));
        return toVideoMessage(video, links, { callerUid: user.uid, owner: true });
      },

      setCaptions: async (request, context) => {
        const user = signedIn(context);
        const video = await edits.setCaptions(user, valid.videoId(request.videoId), request.webvtt);
        return toVideoMessage(video, links, { callerUid: user.uid, owner: true });
      },
    });
  };
