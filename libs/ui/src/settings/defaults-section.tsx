import { LabelledSelect, SPOKEN_LANGUAGES, LabelledCheckbox } from '../primitives';
import { SaveNotice, SettingsSection } from './settings-section';
import type { DefaultVisibilityChoice, RecordingDefaultsChoice, SaveState, ThemeChoice } from './settings-types';

export interface DefaultsSectionProps {
  defaultVisibility: DefaultVisibilityChoice;
  theme: ThemeChoice;
  recording: RecordingDefaultsChoice;
  /** The language videos without one of their own are transcribed in ('' : detected). */
  spokenLanguage?: string;
  save: SaveState & {
    submit: (change: {
      defaultVisibility?: DefaultVisibilityChoice;
      theme?: ThemeChoice;
      recording?: RecordingDefaultsChoice;
      spokenLanguage?: string;
    }) => void;
  };
}

const visibilities = (['Private', 'Shared', 'Public'] as const).map((value) => ({ value, label: value }));
const themes = (['System', 'Light', 'Dark'] as const).map((value) => ({ value, label: value }));
const languages = SPOKEN_LANGUAGES.map(([value, label]) => ({ value, label }));
const countdowns = (['0', '3', '5', '10'] as const).map((value) => ({
  value,
  label: value === '0' ? 'None' : `${value} seconds`,
}));

/** What every new video and recording starts with, and the theme; each change is saved at once. */
export function DefaultsSection({ defaultVisibility, theme, recording, spokenLanguage, save }: DefaultsSectionProps) {
  const setRecording = (change: Partial<RecordingDefaultsChoice>) =>
    save.submit({ recording: { ...recording, ...change } });
  return (
    <SettingsSection id="defaults" title="Defaults">
      <div className="flex flex-wrap gap-6 items-end">
        <LabelledSelect
          label="Default visibility"
          value={defaultVisibility}
          options={visibilities}
          onChange={(value) => save.submit({ defaultVisibility: value })}
        />
        <LabelledSelect
          label="Theme"
          value={theme}
          options={themes}
          onChange={(value) => save.submit({ theme: value })}
        />
        <LabelledSelect
          label="Countdown before recording"
          value={String(recording.countdownSeconds) as (typeof countdowns)[number]['value']}
          options={countdowns}
          onChange={(value) => setRecording({ countdownSeconds: Number(value) })}
        />
        {spokenLanguage !== undefined && (
          <LabelledSelect
            label="Spoken language of new videos"
            value={spokenLanguage}
            options={languages}
            onChange={(value) => save.submit({ spokenLanguage: value })}
          />
        )}
      </div>
      {/* Beside the choices, where the eye is after choosing (under the boxes it went unseen). */}
      <SaveNotice error={save.error} done={save.done} />
      <fieldset className="flex flex-wrap gap-6">
        <legend className="mb-1">A new recording starts with</legend>
        <LabelledCheckbox
          label="Microphone"
          checked={recording.microphone}
          onChange={(microphone) => setRecording({ microphone })}
        />
        <LabelledCheckbox label="Camera" checked={recording.camera} onChange={(camera) => setRecording({ camera })} />
      </fieldset>
    </SettingsSection>
  );
}
