import type { User } from '../platform/auth/user';

/**
 * What a call is to an API key: `read` changes nothing stored, `write` changes videos, folders,
 * comments, links or counters, `account` acts for the account itself (deleting or exporting it,
 * the profile and defaults, team membership, webhooks, keys, the admin's pages) and needs a sign-in.
 */
export type KeyAccess = 'read' | 'write' | 'account';

/** What a key may do: chosen when it is made; keys made before scopes read and write. */
export type ApiKeyScope = 'read' | 'read_write';

/**
 * Every RPC, by service type name and method name. Written by hand rather than read from the
 * proto's `idempotency_level = NO_SIDE_EFFECTS`: that option says nothing of account-level calls
 * (GetExportLink changes nothing yet hands over everything), and setting it also lets Connect
 * clients send the call as a cacheable GET, a change of the wire the contract did not ask for.
 * `api-key-scope.test.ts` walks every method of every service in the descriptors and fails on one
 * missing here, so a new RPC cannot ship without a rule; a method missing at run time is refused
 * to keys (`account`) rather than guessed.
 */
export const RPC_KEY_ACCESS: Readonly<Record<string, Readonly<Record<string, KeyAccess>>>> = {
  'videoservice.VideoService': {
    CreateVideo: 'write',
    GetVideo: 'read',
    ListVideos: 'read',
    UpdateVideo: 'write',
    DeleteVideo: 'write',
    ShareVideo: 'write',
    GetSharedVideo: 'read',
    // Counters (views here, playback beacons and call-to-action clicks below) are writes: a READ
    // key changes nothing at all, which is simpler to promise than "nothing but counters".
    RecordView: 'write',
  },
  'videoservice.EditService': { SaveEdits: 'write', RevertEdits: 'write', SetCaptions: 'write' },
  'videoservice.LibraryService': {
    ListFolders: 'read',
    CreateFolder: 'write',
    RenameFolder: 'write',
    MoveFolder: 'write',
    DeleteFolder: 'write',
    ListTags: 'read',
    DeleteTag: 'write',
    UpdateVideos: 'write',
    DeleteVideos: 'write',
  },
  // Who belongs to a team, and as what, is the account's business: an invite a key made (role
  // ADMIN) would be a way back in that outlives revoking the key.
  'videoservice.TeamService': {
    CreateTeam: 'write',
    RenameTeam: 'write',
    DeleteTeam: 'account',
    ListMyTeams: 'read',
    GetTeam: 'read',
    ChangeRole: 'account',
    RemoveMember: 'account',
    LeaveTeam: 'account',
    CreateInvite: 'account',
    RevokeInvite: 'account',
    GetInvite: 'read',
    AcceptInvite: 'account',
    MoveVideoToTeam: 'write',
  },
  'videoservice.ConversationService': {
    ListComments: 'read',
    AddComment: 'write',
    EditComment: 'write',
    DeleteComment: 'write',
    SetCommentsEnabled: 'write',
    AddReaction: 'write',
    WatchConversation: 'read',
    ListNotifications: 'read',
    MarkNotificationsRead: 'write',
    RecordPlayback: 'write',
    GetInsights: 'read',
  },
  'videoservice.ShareLinkService': {
    ListShareLinks: 'read',
    CreateShareLink: 'write',
    UpdateShareLink: 'write',
    RevokeShareLink: 'write',
    GetShareLinkGate: 'read',
    // Answers a pass for a gated link; nothing of the caller's is changed.
    UnlockShareLink: 'read',
    SetCallToAction: 'write',
    RecordCallToActionClick: 'write',
  },
  'videoservice.TranscriptService': {
    GetTranscript: 'read',
    UpdateTranscriptSegment: 'write',
    RetryTranscription: 'write',
  },
  // Suggestions only: the blur is saved by EditService.SaveEdits.
  'videoservice.SensitiveTextService': { FindSensitiveText: 'read' },
  'videoservice.AdminService': {
    GetAdminStatus: 'account',
    ListPeople: 'account',
    SetPersonDisabled: 'account',
    SetPersonQuota: 'account',
    GetSignUpPolicy: 'account',
    SetSignUpPolicy: 'account',
    GetInstanceTotals: 'account',
    ListAuditLog: 'account',
    GetMyStorage: 'account',
    GetBranding: 'account',
    SetBranding: 'account',
    // The engine's address and a clip sent to it: the instance's settings, as the rest of /admin.
    GetTranscriptionSettings: 'account',
    TestTranscription: 'account',
    GetScimSettings: 'account',
    // The directory's key to every person here: only a real sign-in rotates it.
    RotateScimToken: 'account',
  },
  // A leaked key must not mint more keys, nor list the others.
  'videoservice.ApiKeyService': { CreateApiKey: 'account', ListApiKeys: 'account', RevokeApiKey: 'account' },
  // A hook sends future comments wherever it points: registering one is handing over the account's mail.
  'videoservice.WebhookService': {
    CreateWebhook: 'account',
    ListWebhooks: 'account',
    DeleteWebhook: 'account',
    ListWebhookDeliveries: 'account',
    SendTestWebhook: 'account',
  },
  'videoservice.AccountService': {
    GetAccount: 'read',
    UpdateProfile: 'account',
    SetDefaults: 'account',
    DeleteAccount: 'account',
    GetExportLink: 'account',
  },
};

/**
 * The HTTP routes that read an Authorization header, by Fastify route URL (every method of a route
 * is the same to a key). A route not named here is refused to keys, as an unknown RPC is.
 */
export const HTTP_KEY_ACCESS: Readonly<Record<string, KeyAccess>> = {
  '/api/videoservice/video/:id': 'read',
  '/api/videoservice/thumbnail/:id': 'read',
  '/api/videoservice/original/:id': 'read',
  '/api/videoservice/storyboard/:id': 'read',
  '/api/videoservice/captions/:id': 'read',
  '/api/videoservice/mp4/:id': 'read',
  '/api/videoservice/hls/:id/:file': 'read',
  '/api/notifications/unread': 'read',
  '/api/videoservice/upload': 'write',
  // tus: HEAD and an empty PATCH may finish an upload whose bytes all arrived, so every method
  // writes. Fastify names the prefixed root route without its trailing slash.
  '/api/uploads': 'write',
  '/api/uploads/:id': 'write',
  '/api/account/photo': 'account',
  '/api/account/export': 'account',
};

export const rpcKeyAccess = (service: string, method: string): KeyAccess =>
  RPC_KEY_ACCESS[service]?.[method] ?? 'account';

export const httpKeyAccess = (routeUrl: string | undefined): KeyAccess =>
  (routeUrl !== undefined ? HTTP_KEY_ACCESS[routeUrl] : undefined) ?? 'account';

export const ACCOUNT_REFUSAL =
  'Sign in to do this: an API key cannot act for the account itself (its profile, defaults, export or ' +
  'deletion, team members and invites, webhooks, keys or the admin pages)';
export const READ_ONLY_REFUSAL =
  'This API key may only read: make a read-and-write key in Settings, API keys, to change things';

/** Why `user` may not make a call of kind `access`, or undefined when they may (everyone signed in may). */
export function keyRefusal(user: User, access: KeyAccess): string | undefined {
  if (!user.apiKeyId) return undefined;
  if (access === 'account') return ACCOUNT_REFUSAL;
  // A key without a scope (none should exist: the column has a default) reads only.
  if (access === 'write' && user.apiKeyScope !== 'read_write') return READ_ONLY_REFUSAL;
  return undefined;
}
