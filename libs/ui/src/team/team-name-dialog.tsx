import { NameDialog } from '../primitives';

export interface TeamNameDialogProps {
  title: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  error: string | undefined;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Asks for a team's name (Create team, Rename team); the focus starts in the field. */
export const TeamNameDialog = ({ initial, ...props }: TeamNameDialogProps) => (
  <NameDialog {...props} initialName={initial} label="Team name" maxLength={200} />
);
