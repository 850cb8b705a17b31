import { LabelledSelect, type SelectOption } from '../primitives';

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
  /** Offer the Team visibility (a team space is active). */
  offerTeam?: boolean;
}

const sorts: SelectOption<SortChoice>[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'title', label: 'Title' },
  { value: 'longest', label: 'Longest' },
];
const statuses: SelectOption<StatusChoice>[] = [
  { value: '', label: 'Any status' },
  { value: 'processing', label: 'Processing' },
  { value: 'ready', label: 'Ready' },
  { value: 'failed', label: 'Failed' },
];
const visibilities: SelectOption<VisibilityChoice>[] = [
  { value: '', label: 'Any visibility' },
  { value: 'private', label: 'Private' },
  { value: 'shared', label: 'Shared' },
  { value: 'public', label: 'Public' },
];

/** The toolbar's selects: labelled beside, as wide as their choices. */
const inToolbar = { beside: true, className: 'w-auto' } as const;

/** Sort and filters of the library (the app keeps them in the URL). */
export function LibraryToolbar(props: LibraryToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <LabelledSelect
        {...inToolbar}
        label="Sort"
        value={props.sort}
        options={props.offerRelevance ? [{ value: 'relevance', label: 'Best match' }, ...sorts] : sorts}
        onChange={props.onSort}
      />
      <LabelledSelect {...inToolbar} label="Status" value={props.status} options={statuses} onChange={props.onStatus} />
      <LabelledSelect
        {...inToolbar}
        label="Visibility"
        value={props.visibility}
        options={props.offerTeam ? [...visibilities, { value: 'team', label: 'Team' }] : visibilities}
        onChange={props.onVisibility}
      />
    </div>
  );
}
