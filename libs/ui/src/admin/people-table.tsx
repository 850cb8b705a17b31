import { useState } from 'react';
import { formatDateTime, FormError, DataTable } from '../primitives';
import type { AdminAction, AdminPersonRow } from './admin-types';

export interface PeopleTableProps {
  people: AdminPersonRow[];
  /** The admin looking: they cannot disable themselves, so no button is offered. */
  myUid?: string | undefined;
  disable: AdminAction & { submit(uid: string, disabled: boolean): void };
  quota: AdminAction & {
    overQuotaWarning?: string | undefined;
    submit(uid: string, megabytes: string, done?: () => void): void;
  };
}

const dateTime = (at: Date | undefined) => (at ? formatDateTime(at) : '—');

/** Everyone who signed in: storage against quota, videos, last activity; disable/enable and a quota each. */
export function PeopleTable({ people, myUid, disable, quota }: PeopleTableProps) {
  return (
    <div className="flex flex-col gap-2">
      <FormError message={disable.error} />
      <FormError message={quota.error} />
      {quota.overQuotaWarning ? (
        <p role="status" className="text-warning">
          {quota.overQuotaWarning}
        </p>
      ) : null}
      <DataTable
        className="table table-sm"
        headings={['Person', 'Videos', 'Storage', 'Last active', 'Quota', 'Access']}
      >
        {people.map((person) => (
          <tr key={person.uid} aria-label={person.name}>
            <td>
              <div className="font-medium">
                {person.name}
                {person.admin ? <span className="badge badge-sm badge-primary ml-2">admin</span> : null}
                {person.disabled ? <span className="badge badge-sm badge-error ml-2">disabled</span> : null}
              </div>
              {person.email && person.email !== person.name ? (
                <div className="text-sm opacity-70">{person.email}</div>
              ) : null}
              <div className="text-sm" data-testid="person-source">
                <span className="opacity-70">Comes from: </span>
                {person.source}
              </div>
            </td>
            <td>{person.videoCount}</td>
            <td className={person.overQuota ? 'text-warning' : undefined}>
              {person.used} of {person.quota}
              {person.ownQuota ? '' : person.quota === 'unlimited' ? '' : ' (default)'}
            </td>
            <td>{dateTime(person.lastActive)}</td>
            <td>
              <QuotaForm person={person} busy={quota.busy} submit={quota.submit} />
            </td>
            <td>
              {person.uid === myUid ? (
                <span className="text-sm opacity-70">you</span>
              ) : (
                <button
                  type="button"
                  className={`btn btn-sm ${person.disabled ? 'btn-primary' : 'btn-error btn-outline'}`}
                  disabled={disable.busy}
                  onClick={() => disable.submit(person.uid, !person.disabled)}
                >
                  {person.disabled ? `Enable ${person.name}` : `Disable ${person.name}`}
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function QuotaForm({
  person,
  busy,
  submit,
}: {
  person: AdminPersonRow;
  busy: boolean;
  submit: PeopleTableProps['quota']['submit'];
}) {
  const [megabytes, setMegabytes] = useState('');
  return (
    <form
      className="flex items-center gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        submit(person.uid, megabytes, () => setMegabytes(''));
      }}
    >
      <label className="sr-only" htmlFor={`quota-${person.uid}`}>
        {`Quota for ${person.name} in MB`}
      </label>
      <input
        id={`quota-${person.uid}`}
        className="input input-sm w-28"
        type="number"
        min={0}
        step="any"
        placeholder="default"
        value={megabytes}
        onChange={(event) => setMegabytes(event.target.value)}
      />
      {/* The unit beside the field: "MB (empty: default)" as a placeholder was cut at this width. */}
      <span aria-hidden="true" className="text-sm">
        MB
      </span>
      <button type="submit" className="btn btn-sm" disabled={busy}>
        Set quota
      </button>
    </form>
  );
}
