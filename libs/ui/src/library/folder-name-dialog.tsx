import { NameDialog } from '../primitives';

export interface FolderNameDialogProps {
  /** "New folder", "Rename folder". */
  title: string;
  initialName?: string;
  /** The button's label: "Create", "Rename". */
  submitLabel: string;
  busy?: boolean;
  /** Why the last attempt failed. */
  error?: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Asks for a folder's name; Enter submits. An empty name is refused here, before any call. */
export const FolderNameDialog = (props: FolderNameDialogProps) => (
  <NameDialog {...props} label="Name" maxLength={100} blankMessage="Give the folder a name." />
);
