import { useState } from 'react';
import { type ChapterMark, PLAYBACK_RATES } from '../player';
import { TimeField } from './time-field';

/**
 * The owner's playback settings, edited inline: chapters (a time and a note each) and the speed
 * the video starts at. Save sends both.
 */
export function ChaptersEditor({
  chapters,
  defaultRate,
  duration,
  onSave,
}: {
  chapters: readonly ChapterMark[];
  defaultRate: number;
  duration: number;
  onSave: (changes: { chapters: ChapterMark[]; defaultRate: number }) => Promise<void>;
}) {
  const [rows, setRows] = useState<ChapterMark[]>(() => chapters.map((chapter) => ({ ...chapter })));
  const [rate, setRate] = useState(defaultRate || 1);
  const [state, setState] = useState<{ saving?: boolean; error?: string; saved?: boolean }>({});
  const change = (index: number, patch: Partial<ChapterMark>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const save = async () => {
    setState({ saving: true });
    try {
      const kept = rows.filter((row) => row.title.trim());
      await onSave({ chapters: kept, defaultRate: rate === 1 ? 0 : rate });
      setState({ saved: true });
    } catch (reason) {
      setState({ error: reason instanceof Error ? reason.message : 'The settings could not be saved.' });
    }
  };

  return (
    <section aria-label="Chapters and playback" className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <h2 className="font-semibold">Chapters</h2>
      <ol className="flex flex-col gap-2">
        {rows.map((row, index) => (
          <li key={index} className="flex flex-wrap items-end gap-2">
            <TimeField
              label={`Chapter ${index + 1} time`}
              seconds={row.seconds}
              onChange={(seconds) => change(index, { seconds })}
              accept={(seconds) => (duration > 0 && seconds >= duration ? 'Past the end of the video' : undefined)}
            />
            <label className="flex flex-1 flex-col gap-1">
              <span className="text-sm">Chapter {index + 1} note</span>
              <input
                className="input input-sm"
                value={row.title}
                maxLength={200}
                onChange={(event) => change(index, { title: event.target.value })}
              />
            </label>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setRows(rows.filter((_, i) => i !== index))}
            >
              Remove chapter {index + 1}
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-end gap-2">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => setRows([...rows, { seconds: rows.at(-1)?.seconds ?? 0, title: '' }])}
        >
          Add chapter
        </button>
        <label className="flex flex-col gap-1">
          <span className="text-sm">Default speed</span>
          <select className="select select-sm" value={rate} onChange={(event) => setRate(Number(event.target.value))}>
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={r}>
                {r}×
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-primary btn-sm" disabled={state.saving} onClick={() => void save()}>
          Save chapters and speed
        </button>
        {state.saved && <span role="status">Saved</span>}
        {state.error && (
          <span role="alert" className="text-sm text-error">
            {state.error}
          </span>
        )}
      </div>
    </section>
  );
}
