// The declared access of every RPC (read by access-matrix.test.ts): who may call it, and what the
// standings the matrix calls it as are answered. A new RPC has no entry until someone decides.
import { Code } from '@connectrpc/connect';
import type { DescMethod } from '@bufbuild/protobuf';

/** Who the RPC is for (the policy's rule, docs/architecture.md, Access). */
export type Who =
  /** Any signed-in person, on their own account and things (nothing of anyone else's is named). */
  | 'self'
  /** An instance admin (ADMIN_EMAILS, or the first account). */
  | 'instance-admin'
  /** Whoever may view the video: its owner, its team's members, a link holder past the gate, anyone if PUBLIC. */
  | 'video-reader'
  /** The video's owner alone (a team's owners and admins also move it out of the team). */
  | 'video-owner'
  /** The comment's author. */
  | 'author'
  /** The comment's author, or the video's owner moderating. */
  | 'author-or-video-owner'
  /** The maker of the webhook or API key (a team's webhook: the team's owners and admins). */
  | 'maker'
  /** One's own library, or a team's one is a member of. */
  | 'library'
  /** A folder's maker; a team's folder also its owners and admins. */
  | 'folder-maker-or-team-admin'
  | 'team-member'
  | 'team-admin'
  | 'team-owner'
  /** Whoever holds a working share link (the gate asks its password or email). */
  | 'link-holder'
  /** Whoever holds a working invite. */
  | 'invite-holder';

export interface Rule {
  who: Who;
  /** The contract's `(videoservice.anonymous)`: a signed-out caller reaches the handler. */
  anonymous?: boolean;
  /** Signed out, naming the owner's PRIVATE video, team, folder…: the answer (anonymous methods). */
  signedOut?: Code;
  /**
   * Another signed-in person naming the owner's things (PRIVATE video, team, folder, comment,
   * webhook, key, invite): the answers that are right. 'ok' only where the call is on the caller's
   * own account and things (`self`); invalid_argument where the request names no such thing of
   * the owner's (a token, a tag) or someone else's email. Nothing of the owner's changes.
   */
  otherPerson: readonly ('ok' | Code)[];
}

export const RULES: Record<string, Rule> = {
  'AccountService/GetAccount': { who: 'self', otherPerson: ['ok'] },
  'AccountService/UpdateProfile': { who: 'self', otherPerson: ['ok'] },
  'AccountService/SetDefaults': { who: 'self', otherPerson: ['ok'] },
  'AccountService/DeleteAccount': { who: 'self', otherPerson: [Code.InvalidArgument] },
  'AccountService/GetExportLink': { who: 'self', otherPerson: ['ok'] },
  'AdminService/GetAdminStatus': { who: 'self', otherPerson: ['ok'] },
  'AdminService/ListPeople': { who: 'instance-admin', otherPerson: [Code.PermissionDenied] },
  'AdminService/SetPersonDisabled': { who: 'instance-admin', otherPerson: [Code.PermissionDenied] },
  'AdminService/SetPersonQuota': { who: 'instance-admin', otherPerson: [Code.PermissionDenied] },
  'AdminService/GetSignUpPolicy': { who: 'instance-admin', otherPerson: [Code.PermissionDenied] },
  'AdminService/SetSignUpPolicy': { who: 'instance-admin', otherPerson: [Code.InvalidArgument] },
  'AdminService/GetInstanceTotals': { who: 'instance-admin', otherPerson: [Code.PermissionDenied] },
  'AdminService/ListAuditLog': { who: 'instance-admin', otherPerson: [Code.PermissionDenied] },
  'AdminService/GetMyStorage': { who: 'self', otherPerson: ['ok'] },
  'AdminService/GetBranding': { who: 'instance-admin', otherPerson: ['ok'] },
  'AdminService/SetBranding': { who: 'instance-admin', otherPerson: [Code.PermissionDenied] },
  'AdminService/GetTranscriptionSettings': { who: 'instance-admin', otherPerson: [Code.PermissionDenied] },
  'AdminService/TestTranscription': { who: 'instance-admin', otherPerson: [Code.PermissionDenied] },
  'ApiKeyService/CreateApiKey': { who: 'self', otherPerson: ['ok'] },
  'ApiKeyService/ListApiKeys': { who: 'self', otherPerson: ['ok'] },
  'ApiKeyService/RevokeApiKey': { who: 'maker', otherPerson: [Code.NotFound] },
  'ConversationService/ListComments': {
    who: 'video-reader',
    anonymous: true,
    signedOut: Code.Unauthenticated,
    otherPerson: [Code.NotFound],
  },
  'ConversationService/AddComment': { who: 'video-reader', otherPerson: [Code.NotFound] },
  'ConversationService/EditComment': { who: 'author', otherPerson: [Code.NotFound] },
  'ConversationService/DeleteComment': { who: 'author-or-video-owner', otherPerson: [Code.NotFound] },
  'ConversationService/SetCommentsEnabled': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'ConversationService/AddReaction': { who: 'video-reader', otherPerson: [Code.InvalidArgument] },
  'ConversationService/WatchConversation': {
    who: 'video-reader',
    anonymous: true,
    signedOut: Code.Unauthenticated,
    otherPerson: [Code.NotFound],
  },
  'ConversationService/ListNotifications': { who: 'self', otherPerson: ['ok'] },
  'ConversationService/MarkNotificationsRead': { who: 'self', otherPerson: ['ok'] },
  'ConversationService/RecordPlayback': {
    who: 'video-reader',
    anonymous: true,
    signedOut: Code.InvalidArgument,
    otherPerson: [Code.InvalidArgument],
  },
  'ConversationService/GetInsights': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'EditService/SaveEdits': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'EditService/RevertEdits': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'EditService/SetCaptions': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'LibraryService/ListFolders': { who: 'library', otherPerson: [Code.NotFound] },
  'LibraryService/CreateFolder': { who: 'library', otherPerson: [Code.NotFound] },
  'LibraryService/RenameFolder': { who: 'folder-maker-or-team-admin', otherPerson: [Code.NotFound] },
  'LibraryService/MoveFolder': { who: 'folder-maker-or-team-admin', otherPerson: [Code.NotFound] },
  'LibraryService/DeleteFolder': { who: 'folder-maker-or-team-admin', otherPerson: [Code.NotFound] },
  'LibraryService/ListTags': { who: 'library', otherPerson: [Code.NotFound] },
  'LibraryService/DeleteTag': { who: 'library', otherPerson: [Code.InvalidArgument] },
  'LibraryService/UpdateVideos': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'LibraryService/DeleteVideos': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'SensitiveTextService/FindSensitiveText': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'ShareLinkService/ListShareLinks': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'ShareLinkService/CreateShareLink': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'ShareLinkService/UpdateShareLink': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'ShareLinkService/RevokeShareLink': { who: 'video-owner', otherPerson: [Code.InvalidArgument] },
  'ShareLinkService/GetShareLinkGate': {
    who: 'link-holder',
    anonymous: true,
    signedOut: Code.InvalidArgument,
    otherPerson: [Code.InvalidArgument],
  },
  'ShareLinkService/UnlockShareLink': {
    who: 'link-holder',
    anonymous: true,
    signedOut: Code.InvalidArgument,
    otherPerson: [Code.InvalidArgument],
  },
  'ShareLinkService/SetCallToAction': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'ShareLinkService/RecordCallToActionClick': {
    who: 'video-reader',
    anonymous: true,
    signedOut: Code.InvalidArgument,
    otherPerson: [Code.NotFound],
  },
  'TeamService/CreateTeam': { who: 'self', otherPerson: ['ok'] },
  'TeamService/RenameTeam': { who: 'team-admin', otherPerson: [Code.NotFound] },
  'TeamService/DeleteTeam': { who: 'team-owner', otherPerson: [Code.NotFound] },
  'TeamService/ListMyTeams': { who: 'self', otherPerson: ['ok'] },
  'TeamService/GetTeam': { who: 'team-member', otherPerson: [Code.NotFound] },
  'TeamService/ChangeRole': { who: 'team-admin', otherPerson: [Code.InvalidArgument] },
  'TeamService/RemoveMember': { who: 'team-admin', otherPerson: [Code.NotFound] },
  'TeamService/LeaveTeam': { who: 'team-member', otherPerson: [Code.NotFound] },
  'TeamService/CreateInvite': { who: 'team-admin', otherPerson: [Code.NotFound] },
  'TeamService/RevokeInvite': { who: 'team-admin', otherPerson: [Code.NotFound] },
  'TeamService/GetInvite': {
    who: 'invite-holder',
    anonymous: true,
    signedOut: Code.InvalidArgument,
    otherPerson: [Code.InvalidArgument],
  },
  'TeamService/AcceptInvite': { who: 'invite-holder', otherPerson: [Code.InvalidArgument] },
  'TeamService/MoveVideoToTeam': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'TranscriptService/GetTranscript': {
    who: 'video-reader',
    anonymous: true,
    signedOut: Code.Unauthenticated,
    otherPerson: [Code.NotFound],
  },
  'TranscriptService/UpdateTranscriptSegment': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'TranscriptService/RetryTranscription': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'VideoService/CreateVideo': { who: 'self', otherPerson: ['ok'] },
  'VideoService/GetVideo': {
    who: 'video-reader',
    anonymous: true,
    signedOut: Code.Unauthenticated,
    otherPerson: [Code.NotFound],
  },
  'VideoService/ListVideos': { who: 'self', otherPerson: [Code.NotFound] },
  'VideoService/UpdateVideo': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'VideoService/DeleteVideo': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'VideoService/ShareVideo': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'VideoService/GetSharedVideo': {
    who: 'link-holder',
    anonymous: true,
    signedOut: Code.InvalidArgument,
    otherPerson: [Code.InvalidArgument],
  },
  'VideoService/RecordView': {
    who: 'video-reader',
    anonymous: true,
    signedOut: Code.InvalidArgument,
    otherPerson: [Code.NotFound],
  },
  'WebhookService/CreateWebhook': { who: 'self', otherPerson: [Code.InvalidArgument] },
  'WebhookService/ListWebhooks': { who: 'self', otherPerson: [Code.NotFound] },
  'WebhookService/DeleteWebhook': { who: 'maker', otherPerson: [Code.NotFound] },
  'WebhookService/ListWebhookDeliveries': { who: 'maker', otherPerson: [Code.NotFound] },
  'WebhookService/SendTestWebhook': { who: 'maker', otherPerson: [Code.NotFound] },
};

/** `Service/Method` of each of `methods` without a rule. */
export const unruled = (methods: readonly DescMethod[]): string[] =>
  methods.map((method) => `${method.parent.name}/${method.name}`).filter((name) => RULES[name] === undefined);
