import { useId } from 'react';
import { ChoiceSelect, type VideoVisibilityLabel } from '../primitives';

/** A new recording is personal, so Team is not among its choices. */
type RecordingVisibility = Exclude<VideoVisibilityLabel, 'team'>;

export interface WhoCanWatchProps {
  visibility: RecordingVisibility;
  onChange: (visibility: RecordingVisibility) => void;
  /** A change is being saved. */
  busy?: boolean;
  /** Why the last change did not happen. */
  error?: string | undefined;
}

const CHOICES: { value: RecordingVisibility; label: string; says: string }[] = [
  { value: 'private', label: 'Only me', says: 'Only you can watch it: the link does not work until you share it.' },
  { value: 'shared', label: 'Anyone with the link', says: 'Anyone with the link can watch, signed in or not.' },
  { value: 'public', label: 'Public', says: 'Anyone can watch, signed in or not. Not listed anywhere.' },
];

/** Beside a recording's link: who can watch it, in a sentence, and a one-click change. */
export function WhoCanWatch({ visibility, onChange, busy = false, error }: WhoCanWatchProps) {
  const id = useId();
  const says = CHOICES.find((choice) => choice.value === visibility)?.says;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          Who can watch
        </label>
        <ChoiceSelect
          id={id}
          className="w-56"
          value={visibility}
          options={CHOICES}
          disabled={busy}
          onChange={onChange}
        />
      </div>
      <p role="status" data-testid="who-can-watch" className="text-sm">
        {busy ? 'Saving... ' : ''}
        {says}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
