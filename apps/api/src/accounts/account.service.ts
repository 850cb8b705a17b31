import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { User } from '../platform/auth/user';
import { eraseAccountRows, teamsOwnedAlone, videoIdsOf } from './account.repository';
import { tombstone } from './deleted-account.repository';
import { passOverUnmailed } from '../conversation';
import { findUser, setAccountDefaults, setEditedName } from './user.repository';
import type { Database } from '../platform/db/schema';
import {
  AccountError,
  COUNTDOWN_MAX_SECONDS,
  DISPLAY_NAME_MAX,
  FALLBACK_RECORDING_DEFAULTS,
  type Account,
  type DefaultVisibility,
  type NotificationMailChoice,
  type RecordingDefaults,
  type ThemeChoice,
} from './account';
import type { UserDirectory } from './user-directory';
import { displayTextProblem } from '@stream/proto';
import { AppError } from '../platform/app-error';
import type { VideoService } from '../videos';
import { publishRevocation } from '../access';

/** The sign-in provider's side of an account (firebase-admin against the project or the emulator). */
export interface SignInAccounts {
  /** Deletes the sign-in account of `uid`; one already gone is not a failure. */
  delete(uid: string): Promise<void>;
}

export interface AccountServiceDeps {
  db: Kysely<Database>;
  directory: UserDirectory;
  videos: VideoService;
  signIns: SignInAccounts;
  /** Forgets what it believes of a deleted person, so their next call is refused at once. */
  gate?: { forget(uid: string): void };
  /** Deletes the person's stored profile photo. */
  photos?: { remove(uid: string): Promise<void> };
  log?: Pick<Logger, 'warn' | 'info'>;
}

/** The caller's own account (/settings): profile, defaults and deleting it all. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** The caller's account; their row is made from `user` (the ID token's claims) if it is missing. */
  async get(user: User): Promise<Account> {
    const found = await this.find(user.uid);
    if (found) return found;
    await this.deps.directory.ensure(user);
    const made = await this.find(user.uid);
    if (!made) throw new AppError('not_found', `No account ${user.uid}`);
    return made;
  }

  /** The account of `uid` if it exists (an export link outliving its account finds none). */
  async find(uid: string): Promise<Account | undefined> {
    const row = await findUser(this.deps.db, uid);
    if (!row) return undefined;
    return {
      uid: row.uid,
      displayName: row.display_name,
      email: row.email,
      photoUrl: row.photo_url,
      defaultVisibility: row.default_visibility,
      ...(row.recording_defaults
        ? { recordingDefaults: { ...FALLBACK_RECORDING_DEFAULTS, ...row.recording_defaults } }
        : {}),
      theme: row.theme,
      notificationMail: row.notification_mail,
      createdAt: row.created_at,
      defaultSpokenLanguage: row.default_spoken_language ?? '',
    };
  }

  async rename(user: User, displayName: string): Promise<Account> {
    const name = displayName.trim();
    if (!name) throw new AccountError('invalid_argument', 'name_blank', 'Display name is required');
    // Others read it beside comments, in teams and insights: no invisible-only or reordering names.
    const problem = displayTextProblem(name);
    if (problem) throw new AppError('invalid_argument', `Display name ${problem}`);
    if ([...name].length > DISPLAY_NAME_MAX) {
      throw new AccountError(
        'invalid_argument',
        'name_too_long',
        `Display name is at most ${DISPLAY_NAME_MAX} characters`,
      );
    }
    await this.deps.directory.ensure(user);
    await setEditedName(this.deps.db, user.uid, name);
    this.deps.directory.renamed(user.uid, name);
    return this.get({ ...user, name });
  }

  async setDefaults(
    user: User,
    defaults: {
      defaultVisibility?: DefaultVisibility;
      recordingDefaults?: RecordingDefaults;
      theme?: ThemeChoice;
      defaultSpokenLanguage?: string;
      notificationMail?: NotificationMailChoice;
    },
  ): Promise<Account> {
    const recording = defaults.recordingDefaults;
    if (
      recording &&
      (!Number.isInteger(recording.countdownSeconds) ||
        recording.countdownSeconds < 0 ||
        recording.countdownSeconds > COUNTDOWN_MAX_SECONDS)
    ) {
      throw new AccountError(
        'invalid_argument',
        'recording_defaults_invalid',
        `A countdown is 0 to ${COUNTDOWN_MAX_SECONDS} seconds`,
      );
    }
    await this.deps.directory.ensure(user);
    await this.deps.db.transaction().execute(async (trx) => {
      await setAccountDefaults(trx, user.uid, defaults);
      // Mail turned off: what a digest had not sent yet is dropped, not sent once it is on again.
      if (defaults.notificationMail === 'off') await passOverUnmailed(trx, user.uid);
    });
    return this.get(user);
  }

  /**
   * Deletes everything of the caller once `confirmEmail` names their account: refused (nothing
   * changed) while they alone own a team with other members. Their videos go first, one by one as
   * DeleteVideo does (rows, then blobs; an upload in flight is stopped and its bytes removed), then
   * every other row naming them in one transaction (leaving the hash of their uid, so a token still
   * valid is refused), then the sign-in account.
   */
  async delete(user: User, confirmEmail: string): Promise<void> {
    const own = (user.email ?? '').trim().toLowerCase();
    if (!own || confirmEmail.trim().toLowerCase() !== own) {
      throw new AccountError('invalid_argument', 'email_mismatch', 'Type your account’s email to confirm');
    }
    const blocking = (await teamsOwnedAlone(this.deps.db, user.uid)).filter((team) => team.otherMembers > 0);
    if (blocking.length > 0) {
      throw new AccountError(
        'failed_precondition',
        'sole_owner_of_team',
        `You are the only owner of ${blocking.map((team) => team.name).join(', ')}: make another member an owner or delete the team first`,
        blocking.map((team) => team.name),
      );
    }
    for (const id of await videoIdsOf(this.deps.db, user.uid)) {
      await this.deps.videos.delete(user, id).catch((error: unknown) => {
        // Deleted meanwhile (by another tab) is what we want; anything else stops the deletion.
        if (!(error instanceof AppError && error.kind === 'not_found')) throw error;
      });
    }
    await this.deps.photos?.remove(user.uid);
    // Only a person who came through Firebase has a Firebase account: one from the organisation's
    // sign-in or its directory (OIDC, SAML, SCIM) has none, and the server may have no Firebase at all.
    const source = (await findUser(this.deps.db, user.uid))?.source ?? 'firebase';
    await this.deps.db.transaction().execute(async (trx) => {
      await eraseAccountRows(trx, user.uid);
      await tombstone(trx, user.uid);
    });
    this.deps.directory.forget(user.uid);
    this.deps.gate?.forget(user.uid);
    await publishRevocation(this.deps.db, { kind: 'person', uid: user.uid });
    if (source === 'firebase') await this.deps.signIns.delete(user.uid);
    this.deps.log?.info({ uid: user.uid }, 'account deleted');
  }
}
