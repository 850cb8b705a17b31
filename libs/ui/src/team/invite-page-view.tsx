import type { ReactNode } from 'react';
import { ROLE_NAMES, type TeamAction, type TeamRoleLabel } from './team-types';
import { FormError } from '../primitives';

export type InviteStateLabel = 'valid' | 'expired' | 'revoked' | 'used-up' | 'unknown';

export interface InvitePageViewProps {
  state: InviteStateLabel;
  teamName: string;
  role: TeamRoleLabel;
  signedIn: boolean;
  /** Signed out: the links to sign in or sign up, each coming back here. */
  signIn: ReactNode;
  join: TeamAction<[]>;
}

const DEAD: Record<Exclude<InviteStateLabel, 'valid'>, { title: string; text: string }> = {
  expired: { title: 'This invite has expired', text: 'Ask the person who sent it for a new invite link.' },
  revoked: { title: 'This invite was revoked', text: 'It no longer works. Ask the team for a new invite link.' },
  'used-up': { title: 'This invite has been used up', text: 'Every use of it is taken. Ask the team for a new link.' },
  unknown: {
    title: 'This invite link does not exist',
    text: 'Check that you copied the whole link, or ask for a new one.',
  },
};

/** /invite/$token: the team's name and Join team, or a page that says why the link no longer works. */
export function InvitePageView({ state, teamName, role, signedIn, signIn, join }: InvitePageViewProps) {
  if (state !== 'valid') {
    const dead = DEAD[state];
    return (
      <section className="mx-auto flex max-w-lg flex-col gap-3 p-6">
        <h1 className="text-2xl font-bold">{dead.title}</h1>
        {teamName && <p>It was an invite to {teamName}.</p>}
        <p>{dead.text}</p>
      </section>
    );
  }
  return (
    <section className="mx-auto flex max-w-lg flex-col gap-4 p-6">
      <h1 className="text-2xl font-bold">Join {teamName}</h1>
      <p>
        You are invited to the team {teamName} as {ROLE_NAMES[role].toLowerCase()}. Members see the videos in the team's
        library.
      </p>
      {signedIn ? (
        <button type="button" className="btn btn-primary self-start" disabled={join.busy} onClick={() => join.submit()}>
          Join team
        </button>
      ) : (
        <div className="flex flex-col gap-2">
          <p>Sign in or create an account to join.</p>
          {signIn}
        </div>
      )}
      <FormError message={join.error} />
    </section>
  );
}
