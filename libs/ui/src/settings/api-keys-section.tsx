import { useState } from 'react';
import { formatDateTime, LoadState, TitledSection, FormError } from '../primitives';
import { SecretShownOnce } from './secret-shown-once';

/** What a key may do: `read` lists and fetches, changes nothing; `read-write` also uploads and edits. */
export type ApiKeyScopeChoice = 'read' | 'read-write';

const SCOPE_LABELS: Record<ApiKeyScopeChoice, string> = { 'read-write': 'Read and write', read: 'Read only' };

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scope: ApiKeyScopeChoice;
  createdAt?: Date | undefined;
  lastUsedAt?: Date | undefined;
  revoked: boolean;
}

interface Action {
  busy: boolean;
  error?: string | undefined;
}

export interface ApiKeysSectionProps {
  loading: boolean;
  loadError?: string | undefined;
  keys: ApiKeyRow[];
  create: Action & {
    /** The secret of the key just made: shown this once. */
    secret?: string | undefined;
    submit(name: string, scope: ApiKeyScopeChoice, done?: () => void): void;
    dismiss(): void;
  };
  revoke: Action & { submit(id: string): void };
}

/** /settings#api-keys: personal keys for scripts, made with a name and a scope, shown once, revoked. */
export function ApiKeysSection({ loading, loadError, keys, create, revoke }: ApiKeysSectionProps) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScopeChoice>('read-write');
  return (
    <TitledSection id="api-keys" title="API keys">
      <p className="text-sm opacity-80">
        A key acts as you on the API (<code>Authorization: Bearer &lt;key&gt;</code>), for scripts and CI jobs that
        upload and list videos. A read-only key lists and fetches but changes nothing. No key can delete or export your
        account, change your profile or defaults, invite people to a team, or manage webhooks and keys: those need you
        signed in.
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          create.submit(name, scope, () => setName(''));
        }}
      >
        <label className="flex flex-col gap-1">
          <span>Key name</span>
          <input className="input" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1">
          <span>Access</span>
          <select
            className="select"
            value={scope}
            onChange={(event) => setScope(event.target.value as ApiKeyScopeChoice)}
          >
            {(['read-write', 'read'] as const).map((choice) => (
              <option key={choice} value={choice}>
                {SCOPE_LABELS[choice]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={create.busy}>
          Create key
        </button>
      </form>
      <FormError message={create.error} />
      <SecretShownOnce
        label="New API key"
        copyNow="Copy your new key now"
        secret={create.secret}
        onDismiss={create.dismiss}
      />
      <FormError message={revoke.error} />
      <LoadState loadError={loadError} loading={loading}>
        {keys.length === 0 ? (
          <p>No keys yet.</p>
        ) : (
          <ul aria-label="Your API keys" className="flex flex-col gap-2">
            {keys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center gap-3">
                <span className="font-medium">{key.name}</span>
                <code className="opacity-70">{key.prefix}…</code>
                <span className="badge badge-outline">{SCOPE_LABELS[key.scope]}</span>
                <span className="text-sm opacity-70">
                  {key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt)}` : 'never used'}
                </span>
                {key.revoked ? (
                  <span className="badge badge-ghost">revoked</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-error btn-outline"
                    disabled={revoke.busy}
                    onClick={() => revoke.submit(key.id)}
                  >
                    {`Revoke ${key.name}`}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </TitledSection>
  );
}
