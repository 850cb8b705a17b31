import { LabelledSelect } from '../primitives';
import { SaveNotice, SettingsSection } from './settings-section';
import type { SaveState } from './settings-types';

export type NotificationMailChoice = 'Immediately' | 'Daily digest' | 'Off';

export interface NotificationsSectionProps {
  mail: NotificationMailChoice;
  /** Whether the server sends mail at all (its operator set SMTP_URL). */
  mailAvailable: boolean;
  save: SaveState & { submit: (mail: NotificationMailChoice) => void };
}

const choices = (['Immediately', 'Daily digest', 'Off'] as const).map((value) => ({ value, label: value }));

/** How notifications (comments, replies, reactions) reach the person by email; saved at once. */
export function NotificationsSection({ mail, mailAvailable, save }: NotificationsSectionProps) {
  return (
    <SettingsSection id="notifications" title="Notifications">
      <p>
        New comments, replies and reactions on your videos, and replies to your comments, show under the bell.
        {mailAvailable
          ? ' They can reach you by email too: each at once, or one mail a day listing them.'
          : ' This server sends no email (its operator has not set SMTP_URL): once it does, they can also reach you by email, each at once or one mail a day listing them, linking to the moment in the video. Your choice below is kept for then.'}
      </p>
      <LabelledSelect label="Email notifications" value={mail} options={choices} onChange={save.submit} />
      <SaveNotice error={save.error} done={save.done} />
    </SettingsSection>
  );
}
