import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InsightsView } from './conversation-views';
import { InsightsPanel } from './insights-panel';

afterEach(cleanup);

const insights = (over: Partial<InsightsView>): InsightsView => ({
  views: 1n,
  uniqueViewers: 1,
  seenBy: [],
  averageShareWatched: 0.5,
  retention: [],
  ...over,
});

describe('InsightsPanel', () => {
  it("a short video's retention rows read in tenths of a second, not 0:00–0:00", () => {
    render(
      <InsightsPanel
        insights={insights({
          retention: [
            { startSeconds: 0, endSeconds: 0.4, viewers: 1 },
            { startSeconds: 0.4, endSeconds: 0.8, viewers: 1 },
          ],
        })}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['0:00.00:00.41', '0:00.40:00.81']);
  });

  it('a long video keeps whole seconds', () => {
    render(<InsightsPanel insights={insights({ retention: [{ startSeconds: 0, endSeconds: 2.4, viewers: 3 }] })} />);
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]?.textContent).toBe('0:000:023');
  });

  it('says nobody has watched yet instead of an empty chart', () => {
    render(
      <InsightsPanel
        insights={insights({
          views: 0n,
          uniqueViewers: 0,
          retention: [{ startSeconds: 0, endSeconds: 1, viewers: 0 }],
        })}
      />,
    );
    expect(screen.getByText(/No one has watched yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
