import { useId, useState } from 'react';
import { SaveNotice, SettingsInput, SettingsSection, SubmitWithNotice } from './settings-section';
import type { SaveState } from './settings-types';

export interface ProfileSectionProps {
  displayName: string;
  save: SaveState & { submit: (displayName: string) => void };
  /** The current photo's URL; '' or absent: none. */
  photoUrl?: string | undefined;
  /** Uploading a photo (the server crops it square); absent: no photo field. */
  photo?: (SaveState & { upload: (file: File) => void }) | undefined;
}

/** "Display name" and the photo, shown in the top bar, team lists and comments. */
export function ProfileSection({ displayName, save, photoUrl, photo }: ProfileSectionProps) {
  // The saved name starts the field (the page keys this section by it, so a new one starts it anew).
  const [name, setName] = useState(displayName);
  const hintId = useId();
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
      {photo && (
        <div className="flex items-center gap-4 max-w-md">
          {photoUrl ? (
            <img src={photoUrl} alt="Your profile photo" className="h-16 w-16 rounded-full object-cover" />
          ) : null}
          <div className="flex flex-col gap-1">
            <label className="flex flex-col gap-1">
              <span>Profile photo</span>
              <input
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                className="file-input file-input-bordered file-input-sm"
                aria-describedby={hintId}
                disabled={photo.busy}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (file) photo.upload(file);
                  event.currentTarget.value = '';
                }}
              />
            </label>
            <span id={hintId} className="text-sm opacity-70">
              PNG, JPEG, GIF or WebP, at most 5 MB; cropped square.
            </span>
          </div>
          <SaveNotice error={photo.error} done={photo.done} />
        </div>
      )}
    </SettingsSection>
  );
}
