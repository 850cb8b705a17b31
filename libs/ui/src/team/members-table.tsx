import { useState } from 'react';
import { ConfirmDialog, TitledSection, FormError, DataTable } from '../primitives';
import { ROLE_NAMES, type TeamAction, type TeamMemberRow, type TeamRoleLabel } from './team-types';

export interface MembersTableProps {
  members: TeamMemberRow[];
  /** The viewer's role: owners and admins change roles and remove members. */
  myRole: TeamRoleLabel;
  changeRole: TeamAction<[uid: string, role: TeamRoleLabel]>;
  remove: TeamAction<[uid: string, done: () => void]>;
}

const ROLES: TeamRoleLabel[] = ['owner', 'admin', 'member'];

/** The team's members (name, email, role, joined) with role changes and Remove for owners and admins. */
export function MembersTable({ members, myRole, changeRole, remove }: MembersTableProps) {
  const [removing, setRemoving] = useState<TeamMemberRow | undefined>();
  const manages = myRole !== 'member';
  // Admins never give or take the owner role (the server refuses it too).
  const may = (member: TeamMemberRow) => manages && (myRole === 'owner' || member.role !== 'owner');
  return (
    <TitledSection id="team-members" title="Members" className="flex flex-col gap-2">
      <DataTable headings={['Name', 'Email', 'Role', 'Joined', ...(manages ? ['Actions'] : [])]}>
        {members.map((member) => (
          <tr key={member.uid}>
            <td>
              {member.name || 'Unnamed'}
              {member.isMe && ' (you)'}
            </td>
            <td>{member.email}</td>
            <td>
              {may(member) ? (
                <select
                  className="select select-sm"
                  aria-label={`Role of ${member.name || member.email || 'member'}`}
                  value={member.role}
                  disabled={changeRole.busy}
                  onChange={(event) => changeRole.submit(member.uid, event.currentTarget.value as TeamRoleLabel)}
                >
                  {ROLES.filter((role) => myRole === 'owner' || role !== 'owner').map((role) => (
                    <option key={role} value={role}>
                      {ROLE_NAMES[role]}
                    </option>
                  ))}
                </select>
              ) : (
                ROLE_NAMES[member.role]
              )}
            </td>
            <td>{member.joined}</td>
            {manages && (
              <td>
                {may(member) && !member.isMe && (
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => setRemoving(member)}>
                    Remove<span className="sr-only"> {member.name || member.email || 'member'}</span>
                  </button>
                )}
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      <FormError message={changeRole.error} />
      {removing && (
        <ConfirmDialog
          title="Remove member?"
          message={`${removing.name || removing.email} loses access to the team's videos at once.`}
          confirmLabel="Remove"
          busy={remove.busy}
          error={remove.error}
          onConfirm={() => remove.submit(removing.uid, () => setRemoving(undefined))}
          onCancel={() => {
            remove.reset?.();
            setRemoving(undefined);
          }}
        />
      )}
    </TitledSection>
  );
}
