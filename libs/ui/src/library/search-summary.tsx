export interface SearchSummaryProps {
  /** The search, '' for none; with tags or filters alone the count still shows. */
  query: string;
  tags: string[];
  count: number;
  onClear: () => void;
  onRemoveTag: (tag: string) => void;
}

/** The server counts matches up to 1,000; 1,001 means more. */
const MAX_COUNTED = 1000;

const videos = (count: number) =>
  count > MAX_COUNTED
    ? `More than ${MAX_COUNTED.toLocaleString('en-US')} videos`
    : count === 1
      ? '1 video'
      : `${count.toLocaleString('en-US')} videos`;

/** How many videos match the search and tags, and a way to clear them; says so when none match. */
export function SearchSummary({ query, tags, count, onClear, onRemoveTag }: SearchSummaryProps) {
  const what = query ? `“${query}”` : 'these tags';
  return (
    <div
      className={
        count === 0
          ? 'flex flex-col items-start gap-3 rounded-box border border-dashed border-base-300 p-6'
          : 'flex flex-wrap items-center gap-3'
      }
    >
      <p role="status" className={count === 0 ? 'font-medium' : 'text-sm text-base-content/70'}>
        {count === 0 ? `No videos match ${what}.` : `${videos(count)} match ${what}`}
      </p>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label="Tag filters">
          {tags.map((tag) => (
            <li key={tag}>
              <button type="button" className="badge badge-primary gap-1" onClick={() => onRemoveTag(tag)}>
                {tag}
                <span aria-hidden="true">×</span>
                <span className="sr-only">Remove filter {tag}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-sm btn-outline" onClick={onClear}>
        {query ? 'Clear search' : 'Clear filters'}
      </button>
    </div>
  );
}
