import { PickDialog, Modal } from '../primitives';

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
  /** Where the videos went, once moved ("Crew", "your personal library"): the dialog says so. */
  moved?: string;
  /** Closes the dialog after it said where they went. */
  onDone?: () => void;
}

/** "Move to team": one of my teams, or back to the personal library; then where they went. */
export const MoveToTeamDialog = ({ teams, moved, onDone, ...props }: MoveToTeamDialogProps) =>
  moved !== undefined ? (
    <Modal title={props.title} onClose={onDone ?? props.onCancel}>
      <p role="status">{`Moved to ${moved}.`}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-primary btn-sm" autoFocus onClick={onDone ?? props.onCancel}>
          Done
        </button>
      </div>
    </Modal>
  ) : (
    <PickDialog
      {...props}
      label="Library"
      noneLabel="Personal library"
      choices={teams.map((team) => ({ id: team.id, label: team.name }))}
    />
  );
