import type { InsightsView as Insights } from './conversation-views';
import { formatTime, formatTimecode, TitledSection } from '../primitives';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A retention bucket's edge: whole seconds, or tenths when the buckets are shorter than a second (a short video's read "0:00–0:00"). */
const edgeFormat = (retention: Insights['retention']) =>
  retention.some((bucket) => bucket.endSeconds - bucket.startSeconds < 1) ? formatTimecode : formatTime;

/** The owner's insights: views, unique viewers, who watched and how much, and retention (drawn, and as a table). */
export function InsightsPanel({ insights }: { insights: Insights }) {
  const most = Math.max(1, ...insights.retention.map((bucket) => bucket.viewers));
  const edge = edgeFormat(insights.retention);
  const watched = insights.retention.some((bucket) => bucket.viewers > 0);
  return (
    <TitledSection id="insights-heading" title="Insights" size="lg">
      {/* The tiles wrap (daisyUI's horizontal stats never do: a phone scrolled sideways for "Emails given"). */}
      <dl className="stats flex flex-wrap shadow-sm [&_.stat-title]:whitespace-normal [&>.stat]:min-w-0 [&>.stat]:flex-1 [&>.stat]:basis-36">
        <div className="stat">
          <dt className="stat-title">Views</dt>
          <dd className="stat-value text-2xl">{String(insights.views)}</dd>
        </div>
        <div className="stat">
          <dt className="stat-title">Unique viewers</dt>
          <dd className="stat-value text-2xl">{insights.uniqueViewers}</dd>
        </div>
        <div className="stat">
          <dt className="stat-title">Average watched</dt>
          <dd className="stat-value text-2xl">{percent(insights.averageShareWatched)}</dd>
        </div>
        {!!insights.callToActionClicks && (
          <div className="stat">
            <dt className="stat-title">Button clicks</dt>
            <dd className="stat-value text-2xl">{String(insights.callToActionClicks)}</dd>
          </div>
        )}
        {!!insights.emailGateEntries && (
          <div className="stat">
            <dt className="stat-title">Emails given</dt>
            <dd className="stat-value text-2xl">{insights.emailGateEntries}</dd>
          </div>
        )}
      </dl>
      <h3 className="font-semibold">Seen by</h3>
      {insights.seenBy.length === 0 ? (
        <p className="text-sm opacity-70">
          Nobody known by name yet (signed-in viewers and those of named links or an email gate).
        </p>
      ) : (
        <ul aria-label="Seen by" className="flex flex-col gap-1">
          {insights.seenBy.map((seen) => (
            <li key={seen.person?.uid} className="flex justify-between gap-2 text-sm">
              <span>{seen.person?.displayName || 'Someone'}</span>
              <span>
                {percent(seen.shareWatched)} ({formatTime(seen.watchedSeconds)})
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="font-semibold">Retention</h3>
      {!watched ? (
        <p className="text-sm opacity-70">No one has watched yet: how far viewers get will show here.</p>
      ) : (
        <>
          <div aria-hidden="true" className="flex h-24 items-end gap-px">
            {insights.retention.map((bucket) => (
              <div
                key={bucket.startSeconds}
                className="bg-primary flex-1"
                style={{ height: `${(bucket.viewers / most) * 100}%` }}
              />
            ))}
          </div>
          <table className="sr-only">
            <caption>Viewers still watching, by moment</caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Viewers</th>
              </tr>
            </thead>
            <tbody>
              {insights.retention.map((bucket) => (
                <tr key={bucket.startSeconds}>
                  <td>{edge(bucket.startSeconds)}</td>
                  <td>{edge(bucket.endSeconds)}</td>
                  <td>{bucket.viewers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </TitledSection>
  );
}
