// A valid request of every RPC naming a world's things (access-matrix-support.ts), so a call the
// rules let in must really answer 'ok'. Calls that use up their target (deleting, revoking,
// leaving) get a fresh one each, made before any call so a "nothing changed" snapshot has them.
import type { TestUser } from '@stream/auth/testing';
import * as proto from '@stream/proto';
import { libraryClient } from '../support/library-client';
import { everyRpc, type World } from './access-matrix-support';

/** Who the request is made for: `self` is the caller's own uid and email (DeleteAccount's confirmation). */
export interface RequestContext {
  world: World;
  self: TestUser;
}

type Build = (context: RequestContext) => object | Promise<object>;

const onVideo: Build = ({ world }) => ({ videoId: world.video });
const team = ({ world }: RequestContext) => world.teamId ?? '';

/**
 * A valid request of every RPC naming the world's things (the caller's own account for account
 * RPCs). Exactly one per RPC: a new RPC fails "builds a request for every RPC" until it has one.
 */
export const REQUESTS: Record<string, Build> = {
  'AccountService/GetAccount': () => ({}),
  'AccountService/UpdateProfile': () => ({ displayName: 'Renamed' }),
  'AccountService/SetDefaults': () => ({ theme: proto.Theme.DARK }),
  'AccountService/DeleteAccount': ({ self }) => ({ confirmEmail: self.email }),
  'AccountService/GetExportLink': () => ({}),
  'AdminService/GetAdminStatus': () => ({}),
  'AdminService/ListPeople': () => ({}),
  'AdminService/SetPersonDisabled': ({ world }) => ({ uid: world.maker.uid, disabled: false }),
  'AdminService/SetPersonQuota': ({ world }) => ({ uid: world.maker.uid, quotaBytes: 10n ** 12n }),
  'AdminService/GetSignUpPolicy': () => ({}),
  'AdminService/SetSignUpPolicy': () => ({ policy: { mode: proto.SignUpMode.OPEN } }),
  'AdminService/GetInstanceTotals': () => ({}),
  'AdminService/ListAuditLog': () => ({ limit: 1 }),
  'AdminService/GetMyStorage': () => ({}),
  'AdminService/GetBranding': () => ({}),
  'AdminService/SetBranding': () => ({ branding: {} }),
  'AdminService/GetTranscriptionSettings': () => ({}),
  'AdminService/TestTranscription': () => ({}),
  'AdminService/GetScimSettings': () => ({}),
  'AdminService/RotateScimToken': () => ({}),
  'ApiKeyService/CreateApiKey': () => ({ name: 'Another' }),
  'ApiKeyService/ListApiKeys': () => ({}),
  'ApiKeyService/RevokeApiKey': async ({ world }) => ({ id: await world.fresh.apiKey() }),
  'ConversationService/ListComments': onVideo,
  'ConversationService/AddComment': ({ world }) => ({ videoId: world.video, text: 'hello' }),
  'ConversationService/EditComment': ({ world }) => ({ commentId: world.comment, text: 'edited' }),
  'ConversationService/DeleteComment': async ({ world }) => ({ commentId: await world.fresh.comment() }),
  'ConversationService/SetCommentsEnabled': ({ world }) => ({ videoId: world.video, enabled: true }),
  'ConversationService/AddReaction': ({ world }) => ({ videoId: world.video, emoji: '👍', momentSeconds: 0 }),
  'ConversationService/WatchConversation': onVideo,
  'ConversationService/ListNotifications': () => ({ pageSize: 1 }),
  'ConversationService/MarkNotificationsRead': () => ({ all: true }),
  'ConversationService/RecordPlayback': ({ world }) => ({
    videoId: world.video,
    viewerId: 'matrix-viewer',
    sessionId: 'matrix-session',
    ranges: [{ startSeconds: 0, endSeconds: 1 }],
  }),
  'ConversationService/GetInsights': onVideo,
  'EditService/SaveEdits': ({ world }) => ({ videoId: world.video, keptRanges: [] }),
  'EditService/RevertEdits': onVideo,
  'EditService/SetCaptions': ({ world }) => ({
    videoId: world.video,
    webvtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n',
  }),
  'LibraryService/ListFolders': (context) => ({ parentId: '', teamId: team(context) }),
  'LibraryService/CreateFolder': (context) => ({ name: `New ${Math.random()}`, teamId: team(context) }),
  'LibraryService/RenameFolder': ({ world }) => ({ folderId: world.folder, name: `Renamed ${Math.random()}` }),
  'LibraryService/MoveFolder': async ({ world }) => ({ folderId: await world.fresh.folder(), parentId: world.folder }),
  'LibraryService/DeleteFolder': async ({ world }) => ({ folderId: await world.fresh.folder() }),
  'LibraryService/ListTags': (context) => ({ teamId: team(context) }),
  'LibraryService/DeleteTag': async ({ world }) => {
    const library = libraryClient(world.baseUrl, world.maker.idToken);
    const tag = `gone-${Math.random().toString(36).slice(2, 8)}`;
    await library.updateVideos({ videoIds: [await world.fresh.video()], addTags: [tag] });
    const tags = await library.listTags({ teamId: world.teamId ?? '' });
    return { tagId: tags.tags.find((each) => each.name === tag)!.id };
  },
  'LibraryService/UpdateVideos': ({ world }) => ({ videoIds: [world.video], addTags: ['matrix'] }),
  'LibraryService/DeleteVideos': async ({ world }) => ({ videoIds: [await world.fresh.video()] }),
  'SensitiveTextService/FindSensitiveText': onVideo,
  'ShareLinkService/ListShareLinks': onVideo,
  'ShareLinkService/CreateShareLink': ({ world }) => ({ videoId: world.video, name: 'Another' }),
  'ShareLinkService/UpdateShareLink': async ({ world }) => ({
    videoId: world.video,
    linkId: await world.fresh.link(),
    password: 'a long enough password',
  }),
  'ShareLinkService/RevokeShareLink': async ({ world }) => ({ videoId: world.video, linkId: await world.fresh.link() }),
  'ShareLinkService/GetShareLinkGate': ({ world }) => ({ shareToken: world.shareToken }),
  'ShareLinkService/UnlockShareLink': ({ world }) => ({
    shareToken: world.shareToken,
    password: world.linkPassword ?? 'no gate here',
  }),
  'ShareLinkService/SetCallToAction': ({ world }) => ({
    videoId: world.video,
    callToAction: { label: 'Go', url: 'https://example.com/go' },
  }),
  'ShareLinkService/RecordCallToActionClick': ({ world }) => ({ videoId: world.video, viewerId: 'matrix-viewer' }),
  'TeamService/CreateTeam': () => ({ name: 'Another' }),
  'TeamService/RenameTeam': ({ world }) => ({ teamId: world.team, name: 'Renamed' }),
  'TeamService/DeleteTeam': async ({ world }) => ({ teamId: (await world.fresh.team()).teamId }),
  'TeamService/ListMyTeams': () => ({}),
  'TeamService/GetTeam': ({ world }) => ({ teamId: world.team }),
  'TeamService/ChangeRole': async ({ world }) => {
    const { teamId, memberUid } = await world.fresh.team();
    return { teamId, uid: memberUid, role: proto.TeamRole.ADMIN };
  },
  'TeamService/RemoveMember': async ({ world }) => {
    const { teamId, memberUid } = await world.fresh.team();
    return { teamId, uid: memberUid };
  },
  'TeamService/LeaveTeam': async ({ world }) => ({ teamId: (await world.fresh.team()).teamId }),
  'TeamService/CreateInvite': ({ world }) => ({ teamId: world.team, maxUses: 1 }),
  'TeamService/RevokeInvite': async ({ world }) => ({ teamId: world.team, inviteId: (await world.fresh.invite()).id }),
  'TeamService/GetInvite': ({ world }) => ({ token: world.inviteToken }),
  'TeamService/AcceptInvite': ({ world }) => ({ token: world.inviteToken }),
  'TeamService/MoveVideoToTeam': async ({ world }) => ({ videoId: await world.fresh.video(), teamId: world.team }),
  'TranscriptService/GetTranscript': onVideo,
  'TranscriptService/UpdateTranscriptSegment': ({ world }) => ({ videoId: world.video, index: 0, text: 'said' }),
  'TranscriptService/RetryTranscription': onVideo,
  'VideoService/CreateVideo': () => ({ title: 'Another', url: 'https://example.com/another.mp4' }),
  'VideoService/GetVideo': onVideo,
  'VideoService/ListVideos': (context) => ({ pageSize: 1, teamId: team(context) }),
  'VideoService/UpdateVideo': ({ world }) => ({
    videoId: world.video,
    title: 'Renamed',
    updateMask: { paths: ['title'] },
  }),
  'VideoService/DeleteVideo': async ({ world }) => ({ videoId: await world.fresh.video() }),
  'VideoService/ShareVideo': onVideo,
  'VideoService/GetSharedVideo': ({ world }) => ({ shareToken: world.shareToken }),
  'VideoService/RecordView': ({ world }) => ({ videoId: world.video, viewerId: 'matrix-viewer' }),
  'WebhookService/CreateWebhook': (context) => ({
    url: 'http://127.0.0.1:9/another',
    events: [proto.WebhookEvent.COMMENT_CREATED],
    teamId: team(context),
  }),
  'WebhookService/ListWebhooks': (context) => ({ teamId: team(context) }),
  'WebhookService/DeleteWebhook': async ({ world }) => ({ webhookId: await world.fresh.webhook() }),
  'WebhookService/ListWebhookDeliveries': ({ world }) => ({ webhookId: world.webhook }),
  'WebhookService/SendTestWebhook': ({ world }) => ({ webhookId: world.webhook }),
};

/**
 * A request for every RPC, made before any is called (3 at a time): the fresh things some make are
 * there before a test takes its "nothing changed" snapshot.
 */
export async function requestsFor(context: RequestContext): Promise<Map<string, object>> {
  const requests = new Map<string, object>();
  await everyRpc(async ({ name }) => {
    requests.set(name, await REQUESTS[name]!(context));
  });
  return requests;
}
