export {
  adminStatusQuery,
  auditLogQuery,
  brandingQuery,
  instanceTotalsQuery,
  listPeopleQuery,
  myStorageQuery,
  scimSettingsQuery,
  signUpPolicyQuery,
} from './queries';
export { adminErrorMessage } from './admin-error-message';
export { bytesLabel, megabytesToBytes } from './bytes-label';
export { useAdminPage, type AdminPage, type SignUpModeLabel } from './use-admin-page';
export { useMyStorage, type MyStorage } from './use-my-storage';
export {
  useTranscriptionAdmin,
  type TranscriptionAdmin,
  type TranscriptionEngineLabel,
} from './use-transcription-admin';
export { personSourceLabel } from './person-source';
export { useScimAdmin, type ScimAdmin } from './use-scim-admin';
