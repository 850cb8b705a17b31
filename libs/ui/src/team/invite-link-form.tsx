import { useState } from 'react';
import { LabelledSelect, ShareLinkCopy, FormError } from '../primitives';
import { ROLE_NAMES, type TeamAction, type TeamRoleLabel } from './team-types';

export interface InviteChoice {
  role: TeamRoleLabel;
  expireAfterSeconds: number;
  maxUses: number;
  /** '' none; else the address the link is mailed to (only when mail is set up). */
  email: string;
}

export interface InviteLinkFormProps {
  /** Owners may invite owners; admins not. */
  myRole: TeamRoleLabel;
  create: TeamAction<[choice: InviteChoice]>;
  /** The link just made (shown once: only its hash is kept). */
  link: string | undefined;
  /** The server sends mail (SMTP_URL): an email address may be given. */
  mailEnabled?: boolean;
  /** The address the last link was mailed to. */
  mailedTo?: string;
  copy?: (text: string) => Promise<void>;
}

const DAY = 24 * 3600;
const EXPIRIES = [
  { seconds: DAY, label: '1 day' },
  { seconds: 7 * DAY, label: '7 days' },
  { seconds: 30 * DAY, label: '30 days' },
];

/** "Create invite link": a role, an expiry and a number of uses; the link in a field with Copy. */
export function InviteLinkForm({ myRole, create, link, mailEnabled, mailedTo, copy }: InviteLinkFormProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRoleLabel>('member');
  const [expiry, setExpiry] = useState(7 * DAY);
  const [uses, setUses] = useState('1');
  const roles: TeamRoleLabel[] = myRole === 'owner' ? ['member', 'admin', 'owner'] : ['member', 'admin'];
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        create.submit({
          role,
          expireAfterSeconds: expiry,
          maxUses: Math.max(1, Math.min(1000, Math.trunc(Number(uses)) || 1)),
          email: email.trim(),
        });
      }}
    >
      <div className="flex flex-wrap items-end gap-3">
        <LabelledSelect
          label="Role"
          value={role}
          options={roles.map((r) => ({ value: r, label: ROLE_NAMES[r] }))}
          onChange={setRole}
        />
        <LabelledSelect
          label="Expires after"
          value={String(expiry)}
          options={EXPIRIES.map((choice) => ({ value: String(choice.seconds), label: choice.label }))}
          onChange={(seconds) => setExpiry(Number(seconds))}
        />
        <label className="flex flex-col gap-1">
          <span>Uses</span>
          <input
            type="number"
            className="input input-sm w-24"
            min={1}
            max={1000}
            value={uses}
            onChange={(e) => setUses(e.target.value)}
          />
        </label>
        {mailEnabled && (
          <label className="flex flex-col gap-1">
            <span>Email (optional)</span>
            <input type="email" className="input input-sm" value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
        )}
        <button type="submit" className="btn btn-primary btn-sm" disabled={create.busy}>
          Create invite link
        </button>
      </div>
      <FormError message={create.error} />
      {link && <ShareLinkCopy label="Invite link" link={link} copy={copy} />}
      {link && mailedTo && <p role="status">The invite link was mailed to {mailedTo}.</p>}
    </form>
  );
}
