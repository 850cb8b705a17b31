import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from '@connectrpc/connect';
import {
  AccountRefusalReason,
  displayTextProblem,
  AccountRefusalSchema,
  AccountSchema,
  ExportLinkSchema,
  Theme,
  Visibility,
  type Account,
  type AccountService,
} from '@stream/proto';

const refuse = (reason: AccountRefusalReason, message: string, code = Code.InvalidArgument) =>
  new ConnectError(message, code, undefined, [
    { desc: AccountRefusalSchema, value: create(AccountRefusalSchema, { reason }) },
  ]);

/**
 * AccountService in memory, as the server answers it: one account per signed-in uid,
 * made on first use, the same refusals (blank or long names, TEAM as a default, a wrong email).
 * `defaultVisibility(uid)` is what the fake CreateVideo applies when a request does not say.
 */
export function fakeAccountService(deps: { signedIn: (context: HandlerContext) => string }) {
  const accounts = new Map<string, Account>();
  const accountOf = (uid: string) => {
    let account = accounts.get(uid);
    if (!account) {
      account = create(AccountSchema, {
        uid,
        displayName: 'Ada',
        email: `${uid}@example.com`,
        defaultVisibility: Visibility.PRIVATE,
        theme: Theme.SYSTEM,
        createdAt: timestampFromDate(new Date()),
      });
      accounts.set(uid, account);
    }
    return account;
  };
  const impl: ServiceImpl<typeof AccountService> = {
    getAccount: (_request, context) => accountOf(deps.signedIn(context)),
    updateProfile(request, context) {
      const account = accountOf(deps.signedIn(context));
      const name = request.displayName.trim();
      if (!name) throw refuse(AccountRefusalReason.NAME_BLANK, 'Display name is required');
      const problem = displayTextProblem(name);
      if (problem) throw new ConnectError(`Display name ${problem}`, Code.InvalidArgument);
      if ([...name].length > 100) throw refuse(AccountRefusalReason.NAME_TOO_LONG, 'Display name is too long');
      account.displayName = name;
      return account;
    },
    setDefaults(request, context) {
      const account = accountOf(deps.signedIn(context));
      if (request.defaultVisibility === Visibility.TEAM) {
        throw refuse(AccountRefusalReason.VISIBILITY_NOT_ALLOWED, 'TEAM cannot be a default');
      }
      if (request.defaultVisibility !== undefined) account.defaultVisibility = request.defaultVisibility;
      if (request.theme !== undefined) account.theme = request.theme;
      if (request.recordingDefaults) account.recordingDefaults = request.recordingDefaults;
      if (request.defaultSpokenLanguage !== undefined) {
        if (!/^([a-z]{2})?$/.test(request.defaultSpokenLanguage))
          throw new ConnectError(
            'spoken_language must be two lowercase letters (ISO 639-1) or empty',
            Code.InvalidArgument,
          );
        account.defaultSpokenLanguage = request.defaultSpokenLanguage;
      }
      if (request.notificationMail !== undefined) account.notificationMail = request.notificationMail;
      return account;
    },
    getExportLink: (_request, context) =>
      create(ExportLinkSchema, { url: `/api/account/export?uid=${encodeURIComponent(deps.signedIn(context))}` }),
    deleteAccount(request, context) {
      const uid = deps.signedIn(context);
      const account = accountOf(uid);
      if (request.confirmEmail.trim().toLowerCase() !== account.email.toLowerCase()) {
        throw refuse(AccountRefusalReason.EMAIL_MISMATCH, 'Type your account’s email to confirm');
      }
      accounts.delete(uid);
      return {};
    },
  };
  return {
    impl,
    defaultVisibility: (uid: string) => accounts.get(uid)?.defaultVisibility ?? Visibility.PRIVATE,
  };
}
