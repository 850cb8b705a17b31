import { useState } from 'react';
import { FormDialog } from '../manage/form-dialog';
import { FormError } from '../manage/form-error';

export interface MoveToTeamDialogProps {
  /** "Move Team sync to a team", "Move 3 videos to a team". */
  title: string;
  teams: { id: string; name: string }[];
  /** The team it is in now ('' the personal library). */
  current: string;
  busy: boolean;
  error: string | undefined;
  onMove: (teamId: string) => void;
  onCancel: () => void;
}

/** "Move to team": one of my teams, or back to the personal library. */
export function MoveToTeamDialog({ title, teams, current, busy, error, onMove, onCancel }: MoveToTeamDialogProps) {
  const [team, setTeam] = useState(current);
  return (
    <FormDialog
      title={title}
      label="Library"
      submitLabel="Move"
      busy={busy}
      onSubmit={() => onMove(team)}
      onCancel={onCancel}
      field={(id) => (
        <>
          <select id={id} className="select w-full" value={team} onChange={(e) => setTeam(e.target.value)}>
            <option value="">Personal library</option>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          <FormError message={error} />
        </>
      )}
    />
  );
}
