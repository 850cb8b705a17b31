export { allowed, authorize, authorizedVideos, type Refusal, type Subject } from './authorize';
export { AccountGate, DELETED_MESSAGE, admittedUsers } from './account-gate';
export { AccountRefusedError } from './account-refused';
export { httpKeyAccess, keyRefusal, rpcKeyAccess, type ApiKeyScope } from './api-key-scope';
export {
  isInstanceAdmin,
  linkWorks,
  may,
  personOf,
  sameToken,
  videoRights,
  type Action,
  type FolderFacts,
  type OwnedFacts,
  type VideoFacts,
  type Grant,
  type Person,
  type SignUpPolicy,
  type TeamRole,
  type VideoRights,
} from './policy';
export { StreamCallers } from './stream-reauthorisation';
export { EVERY_TOPIC, publishRevocation, revocationBus } from './stream-revocations';
export { canRead, readableUntil } from './video-access';
export { mayOnComment, moderates, ownsIt } from './owner-standing';
