// The declared access of every RPC (read by the access-matrix files): who may call it, and where a
// standing is answered otherwise than its `who` says (access-standings.ts derives the rest). A new
// RPC has no entry until someone decides.
import { Code } from '@connectrpc/connect';
import type { DescMethod } from '@bufbuild/protobuf';
import type { Standing } from './access-standings';

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
  /**
   * What the call is to an API key: `read` changes nothing, `account` acts for the account itself
   * and needs a real sign-in (any key is refused); unset, `write` (a read-and-write key may).
   */
  key?: 'read' | 'account';
  /** Where a standing is answered otherwise than `who` says (expectedOf): the answer, and why beside it. */
  answers?: Partial<Record<Standing, Outcome>>;
}

/** The code a call ends with: 'ok', or the ConnectError's code. */
export type Outcome = 'ok' | Code;

/** Past access, the matrix's video has no media (it is made from a URL) and the server no transcriber. */
const noMedia = Code.FailedPrecondition;
/** A team's only owner may not leave it (the matrix's teams have one). */
const lastOwnerStays = Code.FailedPrecondition;
/** The same answer for each of the team's people. */
const toTheTeam = (outcome: Outcome) => ({ 'team-owner': outcome, 'team-admin': outcome, 'team-member': outcome });

export const RULES: Record<string, Rule> = {
  'AccountService/GetAccount': { who: 'self', key: 'read', otherPerson: ['ok'] },
  'AccountService/UpdateProfile': { who: 'self', key: 'account', otherPerson: ['ok'] },
  'AccountService/SetDefaults': { who: 'self', key: 'account', otherPerson: ['ok'] },
  'AccountService/DeleteAccount': {
    who: 'self',
    key: 'account',
    otherPerson: [Code.InvalidArgument],
    // Their own, confirmed with their own email.
    answers: { 'other-team': 'ok' },
  },
  'AccountService/GetExportLink': { who: 'self', key: 'account', otherPerson: ['ok'] },
  'AdminService/GetAdminStatus': { who: 'self', key: 'account', otherPerson: ['ok'] },
  'AdminService/ListPeople': { who: 'instance-admin', key: 'account', otherPerson: [Code.PermissionDenied] },
  'AdminService/SetPersonDisabled': { who: 'instance-admin', key: 'account', otherPerson: [Code.PermissionDenied] },
  'AdminService/SetPersonQuota': { who: 'instance-admin', key: 'account', otherPerson: [Code.PermissionDenied] },
  'AdminService/GetSignUpPolicy': { who: 'instance-admin', key: 'account', otherPerson: [Code.PermissionDenied] },
  'AdminService/SetSignUpPolicy': {
    who: 'instance-admin',
    key: 'account',
    otherPerson: [Code.InvalidArgument],
    answers: { 'other-team': Code.PermissionDenied },
  },
  'AdminService/GetInstanceTotals': { who: 'instance-admin', key: 'account', otherPerson: [Code.PermissionDenied] },
  'AdminService/ListAuditLog': { who: 'instance-admin', key: 'account', otherPerson: [Code.PermissionDenied] },
  'AdminService/GetMyStorage': { who: 'self', key: 'account', otherPerson: ['ok'] },
  'AdminService/GetBranding': {
    // Everyone's pages wear the branding.
    who: 'self',
    key: 'account',
    otherPerson: ['ok'],
  },
  'AdminService/SetBranding': { who: 'instance-admin', key: 'account', otherPerson: [Code.PermissionDenied] },
  'AdminService/GetTranscriptionSettings': {
    who: 'instance-admin',
    key: 'account',
    otherPerson: [Code.PermissionDenied],
  },
  'AdminService/TestTranscription': { who: 'instance-admin', key: 'account', otherPerson: [Code.PermissionDenied] },
  'AdminService/GetScimSettings': { who: 'instance-admin', key: 'account', otherPerson: [Code.PermissionDenied] },
  'AdminService/RotateScimToken': { who: 'instance-admin', key: 'account', otherPerson: [Code.PermissionDenied] },
  'ApiKeyService/CreateApiKey': { who: 'self', key: 'account', otherPerson: ['ok'] },
  'ApiKeyService/ListApiKeys': { who: 'self', key: 'account', otherPerson: ['ok'] },
  'ApiKeyService/RevokeApiKey': {
    who: 'maker',
    key: 'account',
    otherPerson: [Code.NotFound],
    // A key is its maker's alone, never a team's.
    answers: { ...toTheTeam(Code.NotFound) },
  },
  'ConversationService/ListComments': {
    who: 'video-reader',
    key: 'read',
    anonymous: true,
    signedOut: Code.Unauthenticated,
    otherPerson: [Code.NotFound],
  },
  'ConversationService/AddComment': { who: 'video-reader', otherPerson: [Code.NotFound] },
  'ConversationService/EditComment': { who: 'author', otherPerson: [Code.NotFound] },
  'ConversationService/DeleteComment': { who: 'author-or-video-owner', otherPerson: [Code.NotFound] },
  'ConversationService/SetCommentsEnabled': {
    who: 'video-owner',
    otherPerson: [Code.NotFound],
    // The team's video is seen, so refused as not theirs.
    answers: { ...toTheTeam(Code.PermissionDenied) },
  },
  'ConversationService/AddReaction': {
    who: 'video-reader',
    otherPerson: [Code.InvalidArgument],
    answers: { 'other-team': Code.NotFound },
  },
  'ConversationService/WatchConversation': {
    who: 'video-reader',
    key: 'read',
    anonymous: true,
    signedOut: Code.Unauthenticated,
    otherPerson: [Code.NotFound],
  },
  'ConversationService/ListNotifications': { who: 'self', key: 'read', otherPerson: ['ok'] },
  'ConversationService/MarkNotificationsRead': { who: 'self', otherPerson: ['ok'] },
  'ConversationService/RecordPlayback': {
    who: 'video-reader',
    anonymous: true,
    signedOut: Code.InvalidArgument,
    otherPerson: [Code.InvalidArgument],
    answers: { 'other-team': Code.NotFound },
  },
  'ConversationService/GetInsights': {
    who: 'video-owner',
    key: 'read',
    otherPerson: [Code.NotFound],
    // The team's video is seen, so refused as not theirs.
    answers: { ...toTheTeam(Code.PermissionDenied) },
  },
  'EditService/SaveEdits': {
    who: 'video-owner',
    otherPerson: [Code.NotFound],
    answers: { owner: noMedia },
  },
  'EditService/RevertEdits': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'EditService/SetCaptions': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'LibraryService/ListFolders': { who: 'library', key: 'read', otherPerson: [Code.NotFound] },
  'LibraryService/CreateFolder': { who: 'library', otherPerson: [Code.NotFound] },
  'LibraryService/RenameFolder': { who: 'folder-maker-or-team-admin', otherPerson: [Code.NotFound] },
  'LibraryService/MoveFolder': { who: 'folder-maker-or-team-admin', otherPerson: [Code.NotFound] },
  'LibraryService/DeleteFolder': { who: 'folder-maker-or-team-admin', otherPerson: [Code.NotFound] },
  'LibraryService/ListTags': { who: 'library', key: 'read', otherPerson: [Code.NotFound] },
  'LibraryService/DeleteTag': {
    who: 'library',
    otherPerson: [Code.InvalidArgument],
    // A tag is its maker's alone.
    answers: { ...toTheTeam(Code.NotFound), 'other-team': Code.NotFound },
  },
  'LibraryService/UpdateVideos': {
    who: 'video-owner',
    otherPerson: [Code.NotFound],
    // The bulk calls refuse a seen video as not theirs.
    answers: { ...toTheTeam(Code.PermissionDenied) },
  },
  'LibraryService/DeleteVideos': {
    who: 'video-owner',
    otherPerson: [Code.NotFound],
    // The bulk calls refuse a seen video as not theirs.
    answers: { ...toTheTeam(Code.PermissionDenied) },
  },
  'SensitiveTextService/FindSensitiveText': {
    who: 'video-owner',
    key: 'read',
    otherPerson: [Code.NotFound],
    answers: { owner: noMedia },
  },
  'ShareLinkService/ListShareLinks': { who: 'video-owner', key: 'read', otherPerson: [Code.NotFound] },
  'ShareLinkService/CreateShareLink': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'ShareLinkService/UpdateShareLink': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'ShareLinkService/RevokeShareLink': {
    who: 'video-owner',
    otherPerson: [Code.InvalidArgument],
    answers: { 'other-team': Code.NotFound },
  },
  'ShareLinkService/GetShareLinkGate': {
    // What the gate asks is told to whoever holds the link.
    answers: { 'gated-link-no-pass': 'ok' },
    who: 'link-holder',
    key: 'read',
    anonymous: true,
    signedOut: Code.InvalidArgument,
    otherPerson: [Code.InvalidArgument],
  },
  'ShareLinkService/UnlockShareLink': {
    who: 'link-holder',
    key: 'read',
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
  'TeamService/DeleteTeam': { who: 'team-owner', key: 'account', otherPerson: [Code.NotFound] },
  'TeamService/ListMyTeams': { who: 'self', key: 'read', otherPerson: ['ok'] },
  'TeamService/GetTeam': { who: 'team-member', key: 'read', otherPerson: [Code.NotFound] },
  'TeamService/ChangeRole': {
    who: 'team-admin',
    key: 'account',
    otherPerson: [Code.InvalidArgument],
    answers: { 'other-team': Code.NotFound },
  },
  'TeamService/RemoveMember': { who: 'team-admin', key: 'account', otherPerson: [Code.NotFound] },
  'TeamService/LeaveTeam': {
    who: 'team-member',
    key: 'account',
    otherPerson: [Code.NotFound],
    answers: { owner: lastOwnerStays, 'team-owner': lastOwnerStays },
  },
  'TeamService/CreateInvite': { who: 'team-admin', key: 'account', otherPerson: [Code.NotFound] },
  'TeamService/RevokeInvite': { who: 'team-admin', key: 'account', otherPerson: [Code.NotFound] },
  'TeamService/GetInvite': {
    who: 'invite-holder',
    key: 'read',
    anonymous: true,
    signedOut: Code.InvalidArgument,
    otherPerson: [Code.InvalidArgument],
  },
  'TeamService/AcceptInvite': { who: 'invite-holder', key: 'account', otherPerson: [Code.InvalidArgument] },
  'TeamService/MoveVideoToTeam': {
    who: 'video-owner',
    otherPerson: [Code.NotFound],
    // The team's video is seen, so refused as not theirs.
    answers: { ...toTheTeam(Code.PermissionDenied) },
  },
  'TranscriptService/GetTranscript': {
    who: 'video-reader',
    key: 'read',
    anonymous: true,
    signedOut: Code.Unauthenticated,
    otherPerson: [Code.NotFound],
  },
  'TranscriptService/UpdateTranscriptSegment': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'TranscriptService/RetryTranscription': {
    who: 'video-owner',
    otherPerson: [Code.NotFound],
    answers: { owner: noMedia },
  },
  'VideoService/CreateVideo': { who: 'self', otherPerson: ['ok'] },
  'VideoService/GetVideo': {
    who: 'video-reader',
    key: 'read',
    anonymous: true,
    signedOut: Code.Unauthenticated,
    otherPerson: [Code.NotFound],
  },
  'VideoService/ListVideos': { who: 'self', key: 'read', otherPerson: [Code.NotFound] },
  'VideoService/UpdateVideo': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'VideoService/DeleteVideo': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'VideoService/ShareVideo': { who: 'video-owner', otherPerson: [Code.NotFound] },
  'VideoService/GetSharedVideo': {
    who: 'link-holder',
    key: 'read',
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
  'WebhookService/CreateWebhook': {
    who: 'self',
    key: 'account',
    otherPerson: [Code.InvalidArgument],
    answers: {
      'other-team': Code.NotFound,
      // A team's hooks are its owners' and admins'.
      'team-member': Code.PermissionDenied,
    },
  },
  'WebhookService/ListWebhooks': {
    who: 'self',
    key: 'account',
    otherPerson: [Code.NotFound],
    answers: { 'team-member': Code.PermissionDenied },
  },
  'WebhookService/DeleteWebhook': {
    who: 'maker',
    key: 'account',
    otherPerson: [Code.NotFound],
    // A team's hook is unseen by its members.
    answers: { 'team-member': Code.NotFound },
  },
  'WebhookService/ListWebhookDeliveries': {
    who: 'maker',
    key: 'account',
    otherPerson: [Code.NotFound],
    // A team's hook is unseen by its members.
    answers: { 'team-member': Code.NotFound },
  },
  'WebhookService/SendTestWebhook': {
    who: 'maker',
    key: 'account',
    otherPerson: [Code.NotFound],
    // A team's hook is unseen by its members.
    answers: { 'team-member': Code.NotFound },
  },
};

/** `Service/Method` of each of `methods` without a rule. */
export const unruled = (methods: readonly DescMethod[]): string[] =>
  methods.map((method) => `${method.parent.name}/${method.name}`).filter((name) => RULES[name] === undefined);
