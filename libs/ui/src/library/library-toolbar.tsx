import { useId } from 'react';
import { ChoiceSelect } from '../common/choice-select';

export type SortChoice = 'relevance' | 'newest' | 'oldest' | 'title' | 'longest';
export type StatusChoice = '' | 'processing' | 'ready' | 'failed';
export type VisibilityChoice = '' | 'private' | 'shared' | 'public' | 'team';

export interface LibraryToolbarProps {
  sort: SortChoice;
  status: StatusChoice;
  visibility: VisibilityChoice;
  onSort: (sort: SortChoice) => void;
  onStatus: (status: StatusChoice) => void;
  onVisibility: (visibility: VisibilityChoice) => void;
  /** Offer "Best match" (while searching). */
  offerRelevance?: boolean;
  /** Offer the Team visibility (a team space is active, issue 27). */
  offerTeam?: boolean;
}

const sorts: [SortChoice, string][] = [
  ['newest', 'Newest'],
  ['oldest', 'Oldest'],
  ['title', 'Title'],
  ['longest', 'Longest'],
];
const statuses: [StatusChoice, string][] = [
  ['', 'Any status'],
  ['processing', 'Processing'],
  ['ready', 'Ready'],
  ['failed', 'Failed'],
];
const visibilities: [VisibilityChoice, string][] = [
  ['', 'Any visibility'],
  ['private', 'Private'],
  ['shared', 'Shared'],
  ['public', 'Public'],
];

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: [T, string][];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <ChoiceSelect
        id={id}
        className="w-auto"
        value={value}
        options={options.map(([option, text]) => ({ value: option, label: text }))}
        onChange={onChange}
      />
    </div>
  );
}

/** Sort and filters of the library (the app keeps them in the URL). */
export function LibraryToolbar(props: LibraryToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Choice
        label="Sort"
        value={props.sort}
        options={props.offerRelevance ? [['relevance', 'Best match'], ...sorts] : sorts}
        onChange={props.onSort}
      />
      <Choice label="Status" value={props.status} options={statuses} onChange={props.onStatus} />
      <Choice
        label="Visibility"
        value={props.visibility}
        options={props.offerTeam ? [...visibilities, ['team', 'Team']] : visibilities}
        onChange={props.onVisibility}
      />
    </div>
  );
}
