import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { spokenLanguage } from '../videos';
import {
  AccountRefusalReason,
  AccountRefusalSchema,
  AccountSchema,
  AccountService as AccountServiceDescriptor,
  ExportLinkSchema,
  NotificationMail,
  RecordingDefaultsSchema,
  Theme,
  Visibility,
} from '@stream/proto';
import {
  AccountError,
  type Account,
  type AccountRefusal,
  type DefaultVisibility,
  type NotificationMailChoice,
  type ThemeChoice,
} from './account';
import type { AccountService } from './account.service';
import type { UrlSigner } from '../videos';
import { AppError } from '../platform/app-error';
import { enumMapping } from '../platform/rpc/enum-mapping';
import { videoErrorCodes } from '../platform/rpc/failure-answers';
import { signedIn } from '../platform/rpc/signed-in';

export interface AccountRoutesDeps {
  accounts: AccountService;
  signer: UrlSigner;
  /** Whether this server sends mail (SMTP_URL): /settings says what notification mail would add without it. */
  mailAvailable?: boolean;
}

/** GET here downloads the export (accounts/account-export.routes.ts answers it). */
const EXPORT_PATH = '/api/account/export';

const visibility = enumMapping<DefaultVisibility, Visibility>({
  PRIVATE: Visibility.PRIVATE,
  SHARED: Visibility.SHARED,
  PUBLIC: Visibility.PUBLIC,
});
const theme = enumMapping<ThemeChoice, Theme>({ system: Theme.SYSTEM, light: Theme.LIGHT, dark: Theme.DARK });
const mail = enumMapping<NotificationMailChoice, NotificationMail>({
  immediate: NotificationMail.IMMEDIATE,
  digest: NotificationMail.DIGEST,
  off: NotificationMail.OFF,
});
const reasons: Record<AccountRefusal, AccountRefusalReason> = {
  name_blank: AccountRefusalReason.NAME_BLANK,
  name_too_long: AccountRefusalReason.NAME_TOO_LONG,
  visibility_not_allowed: AccountRefusalReason.VISIBILITY_NOT_ALLOWED,
  email_mismatch: AccountRefusalReason.EMAIL_MISMATCH,
  sole_owner_of_team: AccountRefusalReason.SOLE_OWNER_OF_TEAM,
  theme_unknown: AccountRefusalReason.THEME_UNKNOWN,
  recording_defaults_invalid: AccountRefusalReason.RECORDING_DEFAULTS_INVALID,
  photo_not_image: AccountRefusalReason.PHOTO_NOT_IMAGE,
  photo_too_large: AccountRefusalReason.PHOTO_TOO_LARGE,
};

const toAccountMessage = (account: Account, mailAvailable: boolean) =>
  create(AccountSchema, {
    uid: account.uid,
    displayName: account.displayName,
    email: account.email,
    photoUrl: account.photoUrl,
    defaultVisibility: visibility.toProto[account.defaultVisibility],
    ...(account.recordingDefaults
      ? { recordingDefaults: create(RecordingDefaultsSchema, account.recordingDefaults) }
      : {}),
    theme: theme.toProto[account.theme],
    createdAt: timestampFromDate(account.createdAt),
    defaultSpokenLanguage: account.defaultSpokenLanguage,
    notificationMail: mail.toProto[account.notificationMail],
    notificationMailAvailable: mailAvailable,
  });

/** An AccountError as a ConnectError carrying its reason (AccountRefusal) for the web app's sentence. */
async function refusing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    throw new ConnectError(error.message, videoErrorCodes[error.kind], undefined, [
      { desc: AccountRefusalSchema, value: { reason: reasons[error.reason], teamNames: error.teamNames } },
    ]);
  }
}

const refused = (reason: AccountRefusal, message: string) => new AccountError('invalid_argument', reason, message);

/** The AccountService on the Connect router. */
export default ({ accounts, signer, mailAvailable = false }: AccountRoutesDeps) =>
  (router: ConnectRouter) => {
    const toAccount = (account: Account) => toAccountMessage(account, mailAvailable);
    router.service(AccountServiceDescriptor, {
      getAccount: async (_request, context) => toAccount(await accounts.get(signedIn(context))),

      updateProfile: (request, context) =>
        refusing(async () => toAccount(await accounts.rename(signedIn(context), request.displayName))),

      setDefaults: (request, context) =>
        refusing(async () => {
          const user = signedIn(context);
          const defaultVisibility = visibility.optional(request.defaultVisibility, () =>
            refused('visibility_not_allowed', 'A default visibility is PRIVATE, SHARED or PUBLIC'),
          );
          const themeChoice = theme.optional(request.theme, () =>
            refused('theme_unknown', `theme ${request.theme} is not a known Theme`),
          );
          const notificationMail = mail.optional(
            request.notificationMail,
            // A plain invalid_argument: AccountRefusalReason's numbers are the account helper's to hand out.
            () => new AppError('invalid_argument', `notification_mail ${request.notificationMail} is not known`),
          );
          const recording = request.recordingDefaults;
          const defaultSpokenLanguage =
            request.defaultSpokenLanguage === undefined ? undefined : spokenLanguage(request.defaultSpokenLanguage);
          return toAccount(
            await accounts.setDefaults(user, {
              defaultVisibility,
              theme: themeChoice,
              defaultSpokenLanguage,
              notificationMail,
              recordingDefaults: recording && {
                camera: recording.camera,
                microphone: recording.microphone,
                countdownSeconds: recording.countdownSeconds,
              },
            }),
          );
        }),

      getExportLink: async (_request, context) => {
        const user = signedIn(context);
        await accounts.get(user);
        const { expires, signature } = signer.sign('export', user.uid);
        const query = new URLSearchParams({ uid: user.uid, expires: String(expires), signature });
        return create(ExportLinkSchema, {
          url: `${EXPORT_PATH}?${query}`,
          expiresAt: timestampFromDate(new Date(expires * 1000)),
        });
      },

      deleteAccount: (request, context) =>
        refusing(async () => {
          await accounts.delete(signedIn(context), request.confirmEmail);
          return {};
        }),
    });
  };
