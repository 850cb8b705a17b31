import { PickDialog } from '../common/pick-dialog';

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
export const MoveToTeamDialog = ({ teams, ...props }: MoveToTeamDialogProps) => (
  <PickDialog
    {...props}
    label="Library"
    noneLabel="Personal library"
    choices={teams.map((team) => ({ id: team.id, label: team.name }))}
  />
);
