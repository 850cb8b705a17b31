export { AccountExport } from './account-export';
export { registerAccountExportRoutes } from './account-export.routes';
export { AccountService } from './account.service';
export { wasDeleted } from './deleted-account.repository';
export { registerProfilePhotoRoutes } from './profile-photo.routes';
export { ProfilePhotoService } from './profile-photo.service';
export { readSignUpPolicy, writeSignUpPolicy } from './sign-up-policy';
export { UserDirectory, recordingUsers } from './user-directory';
export { defaultSpokenLanguageOf, defaultVisibilityOf } from './user.repository';
