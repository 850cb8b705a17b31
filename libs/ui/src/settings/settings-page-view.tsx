import { ApiKeysSection, type ApiKeysSectionProps } from './api-keys-section';
import { StorageSection, type StorageSectionProps } from './storage-section';
import { AccountSection, type AccountSectionProps } from './account-section';
import { DataSection } from './data-section';
import { DefaultsSection, type DefaultsSectionProps } from './defaults-section';
import { NotificationsSection, type NotificationsSectionProps } from './notifications-section';
import { WebhooksSection, type WebhooksSectionProps } from './webhooks-section';
import { ProfileSection, type ProfileSectionProps } from './profile-section';
import { SETTINGS_SECTIONS, type SaveState } from './settings-types';

export interface SettingsPageViewProps {
  loading: boolean;
  loadError?: string;
  account?: {
    displayName: string;
    email: string;
    /** '' without a photo. */
    photoUrl?: string;
    defaultVisibility: DefaultsSectionProps['defaultVisibility'];
    theme: DefaultsSectionProps['theme'];
    recording: DefaultsSectionProps['recording'];
    spokenLanguage?: string;
  };
  rename: ProfileSectionProps['save'];
  /** The profile photo's upload; absent: no photo field. */
  photo?: ProfileSectionProps['photo'];
  defaults: DefaultsSectionProps['save'];
  security: AccountSectionProps;
  exportData: SaveState & { start: () => void };
  deleteAccount: SaveState & { submit: (confirmEmail: string) => void };
  /** How notifications reach the person by email, drawn after Defaults. */
  notifications?: NotificationsSectionProps;
  /** The Storage and API keys sections, drawn before Your data. */
  storage?: StorageSectionProps;
  apiKeys?: ApiKeysSectionProps;
  /** Webhooks, drawn after API keys. */
  webhooks?: WebhooksSectionProps;
}

/** /settings: a list of links to its sections, then Profile, Account, Defaults, Notifications, Storage, API keys, Webhooks and Your data. */
export function SettingsPageView(props: SettingsPageViewProps) {
  return (
    <div className="flex flex-col gap-4 max-w-3xl">
      <h1 className="text-3xl font-bold">Settings</h1>
      <p>Manage your account settings</p>
      <nav aria-label="Settings sections">
        <ul className="flex flex-wrap gap-2">
          {SETTINGS_SECTIONS.filter((section) => drawn(section.id, props)).map((section) => (
            <li key={section.id}>
              <a className="link" href={`#${section.id}`}>
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {props.loadError && (
        <p role="alert" className="alert alert-error">
          {props.loadError}
        </p>
      )}
      {props.loading && <p>Loading...</p>}
      {props.account && (
        <>
          <ProfileSection
            key={props.account.displayName}
            displayName={props.account.displayName}
            save={props.rename}
            photoUrl={props.account.photoUrl}
            photo={props.photo}
          />
          <AccountSection {...props.security} />
          <DefaultsSection
            defaultVisibility={props.account.defaultVisibility}
            theme={props.account.theme}
            recording={props.account.recording}
            spokenLanguage={props.account.spokenLanguage}
            save={props.defaults}
          />
          {props.notifications && <NotificationsSection {...props.notifications} />}
          {props.storage && <StorageSection {...props.storage} />}
          {props.apiKeys && <ApiKeysSection {...props.apiKeys} />}
          {props.webhooks && <WebhooksSection {...props.webhooks} />}
          <DataSection email={props.account.email} exportData={props.exportData} deleteAccount={props.deleteAccount} />
        </>
      )}
    </div>
  );
}

/** Storage and API keys are linked only when the page has them to draw. */
function drawn(id: (typeof SETTINGS_SECTIONS)[number]['id'], props: SettingsPageViewProps): boolean {
  if (id === 'notifications') return props.notifications !== undefined;
  if (id === 'storage') return props.storage !== undefined;
  if (id === 'api-keys') return props.apiKeys !== undefined;
  if (id === 'webhooks') return props.webhooks !== undefined;
  return true;
}
