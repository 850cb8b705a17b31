import { ROLE_NAMES, type TeamAction, type TeamInviteRow } from './team-types';
import { FormError } from '../primitives';

export interface PendingInvitesProps {
  invites: TeamInviteRow[];
  revoke: TeamAction<[inviteId: string]>;
}

/** Invite links that still work, each with Revoke. */
export function PendingInvites({ invites, revoke }: PendingInvitesProps) {
  if (invites.length === 0) return <p className="text-base-content/70">No pending invites.</p>;
  return (
    <>
      <ul className="flex flex-col gap-2">
        {invites.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center gap-3">
            <span>
              {ROLE_NAMES[invite.role]} invite, expires {invite.expires}, {invite.usesLeft}{' '}
              {invite.usesLeft === 1 ? 'use' : 'uses'} left
            </span>
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              disabled={revoke.busy}
              onClick={() => revoke.submit(invite.id)}
            >
              Revoke
              <span className="sr-only">
                {' '}
                the {ROLE_NAMES[invite.role].toLowerCase()} invite expiring {invite.expires}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <FormError message={revoke.error} />
    </>
  );
}
