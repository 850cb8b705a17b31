export {
  adminStatusQuery,
  auditLogQuery,
  brandingQuery,
  instanceTotalsQuery,
  listApiKeysQuery,
  listPeopleQuery,
  myStorageQuery,
  signUpPolicyQuery,
} from './admin-queries';
export { adminErrorMessage } from './admin-error-message';
export { bytesLabel, megabytesToBytes } from './bytes-label';
export { useAdminPage, type AdminPage, type SignUpModeLabel } from './use-admin-page';
export { useApiKeys, type ApiKeys } from './use-api-keys';
export { useMyStorage, type MyStorage } from './use-my-storage';
export {
  useTranscriptionAdmin,
  type TranscriptionAdmin,
  type TranscriptionEngineLabel,
} from './use-transcription-admin';
