import { ShareLinkCopy } from '../primitives';

export interface SecretShownOnceProps {
  /** The field's label: "New API key", "Signing secret". */
  label: string;
  /** What to copy, as the notice begins: "Copy your new key now". */
  copyNow: string;
  /** The secret the server just answered; nothing is shown without one. */
  secret: string | undefined;
  onDismiss(): void;
}

/**
 * A secret the server answers only once (an API key, a webhook's signing secret): the notice to
 * copy it now, the field with Copy, and Done to put it away.
 */
export function SecretShownOnce({ label, copyNow, secret, onDismiss }: SecretShownOnceProps) {
  if (!secret) return null;
  return (
    <div role="status" className="alert alert-info flex flex-col items-start gap-2">
      <span>{copyNow}: it is shown only this once.</span>
      <ShareLinkCopy link={secret} label={label} />
      <button type="button" className="btn btn-sm" onClick={onDismiss}>
        Done
      </button>
    </div>
  );
}
