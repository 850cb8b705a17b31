import { useId, useState, type FormEvent } from 'react';
import { LabelledCheckbox, FormError } from '../primitives';

/** One link as its owner sees it: the main link (`id` "main", no name) or a named one. */
export interface ShareLinkRow {
  id: string;
  /** '' for the main link. */
  name: string;
  url: string;
  hasPassword: boolean;
  emailGate: boolean;
  viewCount: number;
}

export interface ShareLinksPanelProps {
  links: readonly ShareLinkRow[];
  busy?: boolean;
  error?: string;
  onCreate: (input: { name: string; password: string; emailGate: boolean }) => void;
  /** '' removes the password. */
  onSetPassword: (linkId: string, password: string) => void;
  onSetEmailGate: (linkId: string, on: boolean) => void;
  onRevoke: (linkId: string) => void;
}

/**
 * Who the links are for. Each link may ask a password or the viewer's email; named links
 * ("for Dana") say in insights who watched, and can be revoked one by one.
 */
export function ShareLinksPanel({
  links,
  busy = false,
  error,
  onCreate,
  onSetPassword,
  onSetEmailGate,
  onRevoke,
}: ShareLinksPanelProps) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [emailGate, setEmailGate] = useState(false);
  const ids = { name: useId(), password: useId() };
  const create = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    onCreate({ name: name.trim(), password, emailGate });
    setName('');
    setPassword('');
    setEmailGate(false);
  };
  return (
    <section aria-label="Links" className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">Links</h3>
      <ul className="flex flex-col gap-2">
        {links.map((link) => (
          <LinkItem
            key={link.id}
            link={link}
            busy={busy}
            onSetPassword={(value) => onSetPassword(link.id, value)}
            onSetEmailGate={(on) => onSetEmailGate(link.id, on)}
            onRevoke={() => onRevoke(link.id)}
          />
        ))}
      </ul>
      <form onSubmit={create} className="flex flex-col gap-2 rounded-box border border-base-300 p-2">
        <label htmlFor={ids.name} className="text-sm">
          Name of the recipient
        </label>
        <input
          id={ids.name}
          className="input input-sm w-full"
          placeholder="Dana"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <label htmlFor={ids.password} className="text-sm">
          Password (optional)
        </label>
        <input
          id={ids.password}
          type="password"
          autoComplete="new-password"
          className="input input-sm w-full"
          maxLength={200}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <LabelledCheckbox
          className="text-sm"
          label="Ask for the viewer’s email"
          checked={emailGate}
          onChange={setEmailGate}
        />
        <button type="submit" className="btn btn-sm" disabled={busy || !name.trim()}>
          Make link
        </button>
      </form>
      <FormError message={error} />
    </section>
  );
}

function LinkItem({
  link,
  busy,
  onSetPassword,
  onSetEmailGate,
  onRevoke,
}: {
  link: ShareLinkRow;
  busy: boolean;
  onSetPassword: (password: string) => void;
  onSetEmailGate: (on: boolean) => void;
  onRevoke: () => void;
}) {
  const [password, setPassword] = useState('');
  const title = link.name ? `For ${link.name}` : 'Main link';
  const passwordId = useId();
  return (
    <li aria-label={title} className="flex flex-col gap-1 rounded-box border border-base-300 p-2 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{title}</span>
        {link.name && (
          <span className="text-xs opacity-70">
            {link.viewCount} {link.viewCount === 1 ? 'view' : 'views'}
          </span>
        )}
      </div>
      {link.name && <NamedLinkAddress name={link.name} url={link.url} />}
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm rounded-sm"
          checked={link.emailGate}
          disabled={busy}
          onChange={(event) => onSetEmailGate(event.target.checked)}
        />
        Ask for the viewer’s email
      </label>
      {link.hasPassword ? (
        <div className="flex items-center gap-2">
          <span>Password set</span>
          <button type="button" className="btn btn-xs" disabled={busy} onClick={() => onSetPassword('')}>
            Remove password
          </button>
        </div>
      ) : (
        <form
          className="join"
          onSubmit={(event) => {
            event.preventDefault();
            if (!password) return;
            onSetPassword(password);
            setPassword('');
          }}
        >
          {/* Not "… link": the dialog's address field is the one textbox named "Link". */}
          <label htmlFor={passwordId} className="sr-only">
            {`Password for ${link.name || 'everyone'}`}
          </label>
          <input
            id={passwordId}
            type="password"
            autoComplete="new-password"
            placeholder="Password"
            maxLength={200}
            className="input input-xs join-item w-full"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit" className="btn btn-xs join-item" disabled={busy || !password}>
            Set password
          </button>
        </form>
      )}
      {link.name && (
        <button type="button" className="btn btn-xs btn-warning self-start" disabled={busy} onClick={onRevoke}>
          Revoke
        </button>
      )}
    </li>
  );
}

/** A named link's address with its own Copy (each recipient gets their own link). */
function NamedLinkAddress({ name, url }: { name: string; url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="join w-full">
      <input
        readOnly
        aria-label={`Address for ${name}`}
        className="input input-xs join-item w-full"
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button
        type="button"
        className="btn btn-xs join-item"
        aria-label={copied ? `Copied the link for ${name}` : `Copy the link for ${name}`}
        onClick={() =>
          void navigator.clipboard.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
