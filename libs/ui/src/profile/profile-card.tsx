import { formatDateTime } from '../primitives';
import { avatarLetter } from './avatar-letter';

export interface ProfileCardProps {
  name?: string | null;
  email?: string | null;
  photoURL?: string | null;
  emailVerified: boolean;
  /** Date strings as the identity provider reports them; shown in the reader's locale. */
  creationTime?: string | null;
  lastSignInTime?: string | null;
  /** Offers "Send verification email" while the email is unverified. */
  onSendVerification?: () => void;
  /** What happened to the last request: sent, or the message of why not. */
  verification?: { sent: true } | { sent: false; message: string } | null;
}

const formatDate = (value?: string | null) => {
  if (!value) return 'Unknown';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDateTime(date);
};

/** Account details (SPEC §2 /profile). */
export function ProfileCard({
  name,
  email,
  photoURL,
  emailVerified,
  creationTime,
  lastSignInTime,
  onSendVerification,
  verification,
}: ProfileCardProps) {
  const displayName = name?.trim() || 'User';
  return (
    <section className="card bg-base-100 border-base-300 mx-auto max-w-xl border shadow-sm">
      <div className="card-body items-center gap-4 text-center">
        <div className="avatar avatar-placeholder">
          {photoURL ? (
            <div className="w-24 rounded-full">
              <img src={photoURL} alt="Profile photo" referrerPolicy="no-referrer" />
            </div>
          ) : (
            <div className="bg-neutral text-neutral-content w-24 rounded-full">
              <span className="text-3xl" aria-label="Avatar">
                {avatarLetter(name)}
              </span>
            </div>
          )}
        </div>
        <h1 className="text-2xl font-bold">{displayName}</h1>
        <ul className="flex w-full flex-col gap-2 text-left">
          <li>
            <span className="font-semibold">Email:</span> {email ?? 'None'}
          </li>
          <li>
            <span className="font-semibold">Email verified:</span> {emailVerified ? 'Yes' : 'No'}
          </li>
          <li>
            <span className="font-semibold">Account created:</span> {formatDate(creationTime)}
          </li>
          <li>
            <span className="font-semibold">Last sign in:</span> {formatDate(lastSignInTime)}
          </li>
        </ul>
        {!emailVerified && email && onSendVerification && (
          <div className="flex w-full flex-col items-start gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={onSendVerification}
              disabled={verification?.sent === true}
            >
              Send verification email
            </button>
            <p role="status" className={verification && !verification.sent ? 'text-error text-sm' : 'text-sm'}>
              {verification
                ? verification.sent
                  ? `A verification email was sent to ${email}.`
                  : verification.message
                : ''}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
