import { useState } from 'react';
import { SettingsInput, SettingsSection, SubmitWithNotice } from './settings-section';
import type { SaveState } from './settings-types';

export interface ProfileSectionProps {
  displayName: string;
  save: SaveState & { submit: (displayName: string) => void };
}

/** "Display name", shown in the top bar, team lists and comments. */
export function ProfileSection({ displayName, save }: ProfileSectionProps) {
  // The saved name starts the field (the page keys this section by it, so a new one starts it anew).
  const [name, setName] = useState(displayName);
  return (
    <SettingsSection id="profile" title="Profile">
      <form
        className="flex flex-col gap-2 max-w-md"
        onSubmit={(event) => {
          event.preventDefault();
          save.submit(name);
        }}
      >
        <SettingsInput
          label="Display name"
          name="displayName"
          value={name}
          maxLength={200}
          autoComplete="name"
          onChange={setName}
        />
        <SubmitWithNotice
          label="Save name"
          className="btn btn-primary btn-sm"
          disabled={save.busy}
          notice={{ error: save.error, done: save.done }}
        />
      </form>
    </SettingsSection>
  );
}
