import { useState } from 'react';
import { SaveNotice, SettingsInput, SettingsSection, SubmitWithNotice } from './settings-section';
import type { SaveState } from './settings-types';

export interface DataSectionProps {
  email: string;
  exportData: SaveState & { start: () => void };
  deleteAccount: SaveState & { submit: (confirmEmail: string) => void };
}

/** "Export my data" (a zip download) and "Delete my account" (confirmed by typing the email). */
export function DataSection({ email, exportData, deleteAccount }: DataSectionProps) {
  const [typed, setTyped] = useState('');
  return (
    <SettingsSection id="data" title="Your data">
      <div className="flex flex-col gap-1">
        <p>
          A zip of every video (as stored, with its MP4 rendition where there is one), thumbnails, captions, comments
          and each video&apos;s details. A video still processing comes as it was uploaded.
        </p>
        <div>
          <button type="button" className="btn btn-sm" disabled={exportData.busy} onClick={exportData.start}>
            Export my data
          </button>
        </div>
        <SaveNotice error={exportData.error} done={exportData.done} doneText="Your download has started" />
      </div>
      <form
        className="flex flex-col gap-2 max-w-md border-t border-base-300 pt-4"
        aria-label="Delete my account"
        onSubmit={(event) => {
          event.preventDefault();
          deleteAccount.submit(typed);
        }}
      >
        <h3 className="font-semibold">Delete my account</h3>
        <p>
          Deletes every video and its files, share links, comments, reactions and team memberships, and your sign-in. It
          cannot be undone.
        </p>
        <SettingsInput
          label={`Type your email (${email}) to confirm`}
          name="confirmEmail"
          autoComplete="off"
          value={typed}
          onChange={setTyped}
        />
        <SubmitWithNotice
          label="Delete my account"
          className="btn btn-error btn-sm"
          disabled={deleteAccount.busy || typed.trim().toLowerCase() !== email.toLowerCase()}
          notice={{ error: deleteAccount.error, done: false }}
        />
      </form>
    </SettingsSection>
  );
}
