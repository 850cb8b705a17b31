import { useState } from 'react';
import { formatDateTime, LoadState, FormError } from '../primitives';
import { SecretShownOnce } from './secret-shown-once';
import { SettingsSection } from './settings-section';

interface Action {
  busy: boolean;
  error?: string | undefined;
}

export interface WebhookRow {
  id: string;
  url: string;
  events: string[];
}

export interface WebhookDeliveryRow {
  id: string;
  event: string;
  status: string;
  attempts: number;
  responseCode: number;
  error: string;
  at?: Date | undefined;
}

export interface WebhooksSectionProps {
  loading: boolean;
  loadError?: string | undefined;
  /** The events a hook can ask for, by name. */
  events: readonly string[];
  hooks: WebhookRow[];
  create: Action & {
    /** The signing secret of the hook just made: shown this once. */
    secret?: string | undefined;
    submit(url: string, events: string[], done?: () => void): void;
    dismiss(): void;
  };
  remove: Action & { submit(id: string): void };
  /** Sends the hook a signed test delivery, then shows its deliveries. */
  sendTest?: Action & { submit(id: string): void };
  /** Set on /team: the hooks are this team's (told of events on its videos), not the person's own. */
  teamName?: string | undefined;
  deliveries: {
    /** The hook whose deliveries are shown, if any. */
    webhookId?: string | undefined;
    loading: boolean;
    rows: WebhookDeliveryRow[];
    show(id: string | undefined): void;
  };
}

/**
 * /settings#webhooks and /team#team-webhooks: URLs told of events on the person's (or
 * the team's) videos, with their deliveries.
 */
export function WebhooksSection(props: WebhooksSectionProps) {
  const { create, remove, sendTest, deliveries, teamName } = props;
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <SettingsSection id={teamName === undefined ? 'webhooks' : 'team-webhooks'} title="Webhooks">
      <p className="text-sm opacity-80">
        Each event on {teamName === undefined ? 'your videos' : `${teamName}’s videos`} is POSTed as JSON to your URL,
        signed in the <code>Stream-Signature</code> header (HMAC-SHA256 of the body with the hook’s secret), and retried
        while the receiver fails.
      </p>
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          create.submit(url, chosen, () => {
            setUrl('');
            setChosen([]);
          });
        }}
      >
        <label className="flex flex-col gap-1">
          <span>Webhook URL</span>
          <input
            className="input"
            type="url"
            value={url}
            maxLength={2048}
            placeholder="https://example.com/hooks/stream"
            onChange={(event) => setUrl(event.target.value)}
          />
        </label>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1">Events</legend>
          {props.events.map((name) => (
            <label key={name} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={chosen.includes(name)}
                onChange={(event) =>
                  setChosen(event.currentTarget.checked ? [...chosen, name] : chosen.filter((one) => one !== name))
                }
              />
              {name}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary self-start" disabled={create.busy}>
          Add webhook
        </button>
      </form>
      <FormError message={create.error} />
      <SecretShownOnce
        label="Signing secret"
        copyNow="Copy the signing secret now"
        secret={create.secret}
        onDismiss={create.dismiss}
      />
      <FormError message={remove.error} />
      <FormError message={sendTest?.error} />
      <LoadState loading={props.loading} loadError={props.loadError}>
        {props.hooks.length === 0 ? (
          <p>No webhooks yet.</p>
        ) : (
          <ul
            aria-label={teamName === undefined ? 'Your webhooks' : `${teamName}’s webhooks`}
            className="flex flex-col gap-3"
          >
            {props.hooks.map((hook) => (
              <li key={hook.id} className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center gap-3">
                  <code className="break-all">{hook.url}</code>
                  <span className="text-sm opacity-70">{hook.events.join(', ')}</span>
                  <button
                    type="button"
                    className="btn btn-sm"
                    aria-expanded={deliveries.webhookId === hook.id}
                    onClick={() => deliveries.show(deliveries.webhookId === hook.id ? undefined : hook.id)}
                  >
                    {`Deliveries to ${hook.url}`}
                  </button>
                  {sendTest && (
                    <button
                      type="button"
                      className="btn btn-sm"
                      disabled={sendTest.busy}
                      aria-label={`Send a test delivery to ${hook.url}`}
                      onClick={() => sendTest.submit(hook.id)}
                    >
                      Send a test delivery
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-sm btn-error btn-outline"
                    disabled={remove.busy}
                    onClick={() => remove.submit(hook.id)}
                  >
                    {`Delete ${hook.url}`}
                  </button>
                </div>
                {deliveries.webhookId === hook.id && <Deliveries {...deliveries} />}
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </SettingsSection>
  );
}

function Deliveries({ loading, rows }: WebhooksSectionProps['deliveries']) {
  // Read again while a delivery is pending: only the first read shows "Loading...".
  return (
    <LoadState loading={loading && rows.length === 0}>
      {rows.length === 0 ? <p>No deliveries yet.</p> : <DeliveryTable rows={rows} />}
    </LoadState>
  );
}

function DeliveryTable({ rows }: { rows: WebhooksSectionProps['deliveries']['rows'] }) {
  return (
    <table className="table table-sm">
      <caption className="sr-only">Latest deliveries</caption>
      <thead>
        <tr>
          <th>Event</th>
          <th>Status</th>
          <th>Attempts</th>
          <th>Response</th>
          <th>When</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{row.event}</td>
            <td>{row.status}</td>
            <td>{row.attempts}</td>
            <td title={row.error || undefined}>{row.responseCode || row.error || '—'}</td>
            <td>{row.at ? formatDateTime(row.at) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
