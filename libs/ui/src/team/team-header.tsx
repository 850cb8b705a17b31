import { useState } from 'react';
import { ConfirmDialog } from '../primitives';
import { TeamNameDialog } from './team-name-dialog';
import type { TeamAction, TeamRoleLabel } from './team-types';

export interface TeamHeaderProps {
  name: string;
  myRole: TeamRoleLabel;
  rename: TeamAction<[name: string, done: () => void]>;
  remove: TeamAction<[done: () => void]>;
  leave: TeamAction<[done: () => void]>;
}

type Open = 'rename' | 'delete' | 'leave' | undefined;

/** The open team's name with Rename (owners, admins), Delete team (owners) and Leave team (anyone). */
export function TeamHeader({ name, myRole, rename, remove, leave }: TeamHeaderProps) {
  const [open, setOpen] = useState<Open>();
  const close = () => {
    rename.reset?.();
    remove.reset?.();
    leave.reset?.();
    setOpen(undefined);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="mr-auto text-2xl font-semibold break-all">{name}</h2>
      {myRole !== 'member' && (
        <button type="button" className="btn btn-sm" onClick={() => setOpen('rename')}>
          Rename team
        </button>
      )}
      {myRole === 'owner' && (
        <button type="button" className="btn btn-sm btn-error" onClick={() => setOpen('delete')}>
          Delete team
        </button>
      )}
      <button type="button" className="btn btn-sm btn-outline" onClick={() => setOpen('leave')}>
        Leave team
      </button>
      {open === 'rename' && (
        <TeamNameDialog
          title="Rename team"
          submitLabel="Rename"
          initial={name}
          busy={rename.busy}
          error={rename.error}
          onSubmit={(next) => rename.submit(next, close)}
          onCancel={close}
        />
      )}
      {open === 'delete' && (
        <ConfirmDialog
          title="Delete team?"
          message={`Delete ${name}? Its videos go back to their owners' personal libraries and every member loses access to them. This cannot be undone.`}
          confirmLabel="Delete team"
          busy={remove.busy}
          error={remove.error}
          onConfirm={() => remove.submit(close)}
          onCancel={close}
        />
      )}
      {open === 'leave' && (
        <ConfirmDialog
          title="Leave team?"
          message={`Leave ${name}? You lose access to its videos; your own videos in it stay yours.`}
          confirmLabel="Leave team"
          busy={leave.busy}
          error={leave.error}
          onConfirm={() => leave.submit(close)}
          onCancel={close}
        />
      )}
    </div>
  );
}
