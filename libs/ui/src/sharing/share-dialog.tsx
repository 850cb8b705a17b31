import { useId, useRef, useState } from 'react';
import {
  ChoiceSelect,
  RadioChoices,
  type RadioChoice,
  formatDateTime,
  type VideoVisibilityLabel,
  Modal,
  FormError,
} from '../primitives';
import { EXPIRY_OPTIONS, type ExpiryChoice, dateInputValue, expireAfterSeconds } from './expiry';
import { embedCode } from './embed-code';
import { ShareLinksPanel, type ShareLinksPanelProps } from './share-links-panel';
import { CallToActionForm, type CallToActionFormProps } from './call-to-action-form';

export interface ShareDialogProps {
  /** The watch page's address; empty while it is read, or when the video has no link yet. */
  url: string;
  /** The link is still being read. */
  loading?: boolean;
  visibility: VideoVisibilityLabel;
  /** When the link stops working; undefined: never. */
  expiresAt?: Date;
  /** The dialog was opened on a private video, which sharing made SHARED. */
  madeShared?: boolean;
  busy?: boolean;
  /** Why the last change failed. */
  error?: string;
  onVisibilityChange: (visibility: VideoVisibilityLabel) => void;
  /** Seconds from now until the link expires; 0: never. */
  onExpiryChange: (seconds: number) => void;
  /** Replace the link; the old one stops working. */
  onResetLink: () => void;
  onClose: () => void;
  /** Writes to the clipboard; defaults to the Clipboard API. */
  copyText?: (text: string) => Promise<void>;
  /** The clock for expiry dates; defaults to now. */
  now?: () => Date;
  /** The video is in a team: "Team" is offered. */
  inTeam?: boolean;
  /** "Move to team" (the owner's), shown when given. */
  onMoveToTeam?: () => void;
  /** Named links and the links' password and email gates, when given. */
  links?: ShareLinksPanelProps;
  /** The watch page's button, when given. */
  callToAction?: CallToActionFormProps;
}

const VISIBILITIES: RadioChoice<VideoVisibilityLabel>[] = [
  { value: 'private', label: 'Private', hint: 'Only you. The link does not work while the video is private.' },
  { value: 'shared', label: 'Anyone with the link', hint: 'Whoever has the link can watch, signed in or not.' },
  {
    value: 'public',
    label: 'Public',
    // Nothing lists public videos (yet): the words promise only what Public does.
    hint: 'Anyone can watch, signed in or not, at the link or the video’s own address. Not listed anywhere.',
  },
];

const TEAM_VISIBILITY = {
  value: 'team' as const,
  label: 'Team',
  hint: 'Only signed-in members of the video’s team, at the link.',
};

/** Opening makes no link: a video without one gets it when the person chooses who can watch. */
const noLinkYet = (visibility: VideoVisibilityLabel) =>
  visibility === 'private' ? 'No link yet: choose who can watch below' : 'Making a link...';

const clipboardWrite = (text: string) => navigator.clipboard.writeText(text);

/** The link with Copy link, who may watch, when the link expires, and Reset link. */
export function ShareDialog({
  url,
  loading = false,
  visibility,
  expiresAt,
  madeShared = false,
  busy = false,
  error,
  onVisibilityChange,
  onExpiryChange,
  onResetLink,
  onClose,
  copyText = clipboardWrite,
  now = () => new Date(),
  inTeam = false,
  onMoveToTeam,
  links,
  callToAction,
}: ShareDialogProps) {
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'copied' | 'manual'>();
  // Until the person chooses, the choice shown follows the link's expiry (which may arrive after opening).
  const [chosen, setExpiry] = useState<ExpiryChoice>();
  const [typedDate, setDate] = useState<string>();
  const expiry = chosen ?? (expiresAt ? 'date' : 'never');
  const date = typedDate ?? (expiresAt ? dateInputValue(expiresAt) : '');
  const [dateError, setDateError] = useState<string>();
  const [resetFrom, setResetFrom] = useState<string>();
  // Reset link kills the link everyone has: it asks first.
  const [confirmingReset, setConfirmingReset] = useState(false);
  const resetQuestionId = useId();
  const ids = { link: useId(), expiry: useId(), date: useId(), embed: useId() };
  const embed = embedCode(url);

  const copyLink = async () => {
    try {
      await copyText(url);
      setCopy('copied');
    } catch {
      // No clipboard permission (or an insecure page): leave the text selected for the keyboard.
      field.current?.focus();
      field.current?.select();
      setCopy('manual');
    }
  };

  const chooseExpiry = (choice: ExpiryChoice, day = date) => {
    setExpiry(choice);
    setDateError(undefined);
    if (choice === 'date' && day === '') return;
    const seconds = expireAfterSeconds(choice, day, now());
    if (seconds === undefined) setDateError('Choose a day after today.');
    else onExpiryChange(seconds);
  };

  return (
    <Modal title="Share video" onClose={onClose}>
      {madeShared && (
        <p role="status" className="alert alert-info alert-soft">
          This video was private. It is now shared with anyone who has the link.
        </p>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.link} className="text-sm font-medium">
          Link
        </label>
        <div className="join w-full">
          <input
            ref={field}
            id={ids.link}
            type="text"
            readOnly
            value={url}
            placeholder={loading ? 'Reading the link...' : noLinkYet(visibility)}
            className="input join-item w-full"
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="btn btn-primary join-item" onClick={() => void copyLink()} disabled={!url}>
            Copy link
          </button>
        </div>
        {copy === 'copied' && (
          <p role="status" className="text-success text-sm">
            Link copied.
          </p>
        )}
        {copy === 'manual' && (
          <p role="status" className="text-sm">
            Press Ctrl+C to copy.
          </p>
        )}
      </div>

      {embed && (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.embed} className="text-sm font-medium">
            Embed code
          </label>
          <textarea
            id={ids.embed}
            readOnly
            rows={3}
            value={embed}
            className="textarea w-full font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          {links?.links.some((link) => link.id === 'main' && link.hasPassword) && (
            <p className="alert alert-warning alert-soft text-xs">
              <span className="text-base-content">
                This code uses the main link, which has a password: whoever sees the embedded video is asked for it.
              </span>
            </p>
          )}
        </div>
      )}

      <fieldset className="flex flex-col gap-2" disabled={busy}>
        <legend className="mb-1 text-sm font-medium">Who can watch</legend>
        <div role="radiogroup" aria-label="Who can watch" className="flex flex-col gap-2">
          <RadioChoices
            name="share-visibility"
            value={visibility}
            choices={inTeam || visibility === 'team' ? [...VISIBILITIES, TEAM_VISIBILITY] : VISIBILITIES}
            onChange={onVisibilityChange}
          />
        </div>
      </fieldset>

      <div className="flex flex-col gap-1">
        <label htmlFor={ids.expiry} className="text-sm font-medium">
          Link expires
        </label>
        <div className="flex flex-wrap gap-2">
          <ChoiceSelect
            id={ids.expiry}
            className="w-40"
            value={expiry}
            options={EXPIRY_OPTIONS}
            disabled={busy}
            onChange={chooseExpiry}
          />
          {expiry === 'date' && (
            <input
              id={ids.date}
              type="date"
              aria-label="Expiry date"
              className="input input-sm w-44"
              min={dateInputValue(now())}
              value={date}
              disabled={busy}
              onChange={(event) => {
                setDate(event.target.value);
                chooseExpiry('date', event.target.value);
              }}
            />
          )}
        </div>
        <p className="text-xs text-base-content/60">
          {expiresAt ? `The link works until ${formatExpiry(expiresAt)}.` : 'The link never expires.'}
        </p>
        {dateError && (
          <p role="alert" className="text-error text-sm">
            {dateError}
          </p>
        )}
      </div>

      {resetFrom !== undefined && resetFrom !== url && url !== '' && (
        <p role="status" className="alert alert-success alert-soft">
          The old link no longer works. Share the new one above.
        </p>
      )}
      {confirmingReset && (
        <div role="alertdialog" aria-labelledby={resetQuestionId} className="alert alert-warning alert-soft flex-wrap">
          <p id={resetQuestionId}>Make a new link? The current one stops working for everyone who has it.</p>
          <div className="flex gap-2">
            <button type="button" className="btn btn-sm" autoFocus onClick={() => setConfirmingReset(false)}>
              Keep this link
            </button>
            <button
              type="button"
              className="btn btn-warning btn-sm"
              onClick={() => {
                setConfirmingReset(false);
                setResetFrom(url);
                setCopy(undefined);
                onResetLink();
              }}
            >
              Make a new link
            </button>
          </div>
        </div>
      )}
      {links && <ShareLinksPanel {...links} />}
      {callToAction && <CallToActionForm {...callToAction} />}
      <FormError message={error} />
      <div className="modal-action items-center justify-between">
        <button
          type="button"
          className="btn btn-warning btn-sm"
          disabled={busy || !url || confirmingReset}
          onClick={() => setConfirmingReset(true)}
        >
          Reset link
        </button>
        {onMoveToTeam && (
          <button type="button" className="btn btn-sm" onClick={onMoveToTeam}>
            Move to team
          </button>
        )}
        <button type="button" className="btn btn-sm" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}

const formatExpiry = formatDateTime;
