import { useState } from 'react';
import { ConfirmDialog, formatDateTime, ShareLinkCopy } from '../primitives';

export interface ScimSectionProps {
  /** Undefined while it loads. */
  enabled?: boolean | undefined;
  /** The base URL to give the directory, e.g. https://stream.example.com/scim/v2. */
  baseUrl: string;
  /** When a token was last rotated here; undefined: never (SCIM_TOKEN alone, or off). */
  rotatedAt?: Date | undefined;
  rotating: boolean;
  /** The token just made: shown this once, Stream keeps only its hash. */
  token?: string | undefined;
  error?: string | undefined;
  onRotate: (done: () => void) => void;
}

/**
 * /admin's SCIM section: whether provisioning is on, the base URL to give the organisation's
 * directory, and Rotate, which asks first (the directory's current token stops working at once),
 * then shows the new token once with Copy.
 */
export function ScimSection(props: ScimSectionProps) {
  const [asking, setAsking] = useState(false);
  if (props.enabled === undefined) return <p>Loading...</p>;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p data-testid="scim-state">
        {props.enabled
          ? 'SCIM provisioning is on: the directory creates, changes and removes people and teams here.'
          : 'SCIM provisioning is off. Rotating a token turns it on.'}
        {props.rotatedAt ? ` Token last rotated ${formatDateTime(props.rotatedAt)}.` : ''}
      </p>
      <ShareLinkCopy label="SCIM base URL" link={props.baseUrl} id="scim-base-url" />
      {props.token ? (
        <ShareLinkCopy label="New SCIM token" link={props.token} id="scim-token" primary>
          <p role="status" className="text-warning">
            Copy it now into your directory’s SCIM settings: it is shown only this once. The previous token no longer
            works.
          </p>
        </ShareLinkCopy>
      ) : null}
      <div>
        <button type="button" className="btn btn-sm" disabled={props.rotating} onClick={() => setAsking(true)}>
          Rotate SCIM token
        </button>
      </div>
      {asking ? (
        <ConfirmDialog
          title="Rotate the SCIM token?"
          message="A new token is made and the current one stops working at once: your directory cannot provision anyone until it has the new token."
          confirmLabel="Rotate token"
          busy={props.rotating}
          error={props.error}
          onCancel={() => setAsking(false)}
          onConfirm={() => props.onRotate(() => setAsking(false))}
        />
      ) : null}
    </div>
  );
}
