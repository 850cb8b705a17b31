import { useState, type ReactNode } from 'react';
import { InviteLinkForm, type InviteLinkFormProps } from './invite-link-form';
import { MembersTable, type MembersTableProps } from './members-table';
import { PendingInvites, type PendingInvitesProps } from './pending-invites';
import { TeamHeader, type TeamHeaderProps } from './team-header';
import { TeamNameDialog } from './team-name-dialog';
import type { TeamAction } from './team-types';
import { TitledSection, FormError } from '../primitives';
import { WebhooksSection, type WebhooksSectionProps } from '../settings/webhooks-section';

export type OpenTeamProps = TeamHeaderProps &
  Pick<MembersTableProps, 'members' | 'changeRole'> & {
    removeMember: MembersTableProps['remove'];
    invites: PendingInvitesProps['invites'];
    revokeInvite: PendingInvitesProps['revoke'];
    createInvite: InviteLinkFormProps['create'];
    inviteLink: string | undefined;
    mailEnabled?: boolean;
    mailedTo?: string;
    /** The team's webhooks: drawn for its owners and admins only. */
    webhooks?: Omit<WebhooksSectionProps, 'teamName'>;
  };

export interface TeamPageViewProps {
  teams: { id: string; name: string }[];
  /** The team on screen. */
  currentId: string | undefined;
  renderTeamLink: (id: string, props: { className: string; 'aria-current'?: 'page'; children: ReactNode }) => ReactNode;
  createTeam: TeamAction<[name: string, done: () => void]>;
  /** The open team's page; undefined while it loads or with no team. */
  team: OpenTeamProps | undefined;
  /** The open team failed to load, in words. */
  teamError?: string;
  copy?: (text: string) => Promise<void>;
}

/** /team: Create team, my teams, and the open team's name, members, invites and webhooks. */
export function TeamPageView({
  teams,
  currentId,
  renderTeamLink,
  createTeam,
  team,
  teamError,
  copy,
}: TeamPageViewProps) {
  const [creating, setCreating] = useState(false);
  const close = () => {
    createTeam.reset?.();
    setCreating(false);
  };
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <div className="mr-auto">
          <h1 className="text-3xl font-bold">Team</h1>
          <p>Manage your team members here</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          Create team
        </button>
      </div>
      {teams.length > 1 && (
        <nav aria-label="Your teams">
          <ul className="flex flex-wrap gap-2">
            {teams.map((t) => (
              <li key={t.id}>
                {renderTeamLink(t.id, {
                  className: t.id === currentId ? 'btn btn-sm btn-active' : 'btn btn-sm btn-ghost',
                  ...(t.id === currentId ? { 'aria-current': 'page' as const } : {}),
                  children: t.name,
                })}
              </li>
            ))}
          </ul>
        </nav>
      )}
      {teams.length === 0 && (
        <p className="text-base-content/70">
          You are not in a team yet. Create one, or open an invite link a colleague sent you.
        </p>
      )}
      <FormError message={teamError} />
      {team && <OpenTeam {...team} copy={copy} />}
      {creating && (
        <TeamNameDialog
          title="Create team"
          submitLabel="Create"
          busy={createTeam.busy}
          error={createTeam.error}
          onSubmit={(name) => createTeam.submit(name, close)}
          onCancel={close}
        />
      )}
    </section>
  );
}

function OpenTeam(props: OpenTeamProps & { copy?: (text: string) => Promise<void> }) {
  return (
    <div className="flex flex-col gap-6">
      <TeamHeader {...props} />
      <MembersTable
        members={props.members}
        myRole={props.myRole}
        changeRole={props.changeRole}
        remove={props.removeMember}
      />
      {props.myRole !== 'member' && (
        <TitledSection id="team-invites" title="Invites">
          <PendingInvites invites={props.invites} revoke={props.revokeInvite} />
          <InviteLinkForm
            myRole={props.myRole}
            create={props.createInvite}
            link={props.inviteLink}
            mailEnabled={props.mailEnabled}
            mailedTo={props.mailedTo}
            copy={props.copy}
          />
        </TitledSection>
      )}
      {props.myRole !== 'member' && props.webhooks && <WebhooksSection {...props.webhooks} teamName={props.name} />}
    </div>
  );
}
