import { TitledSection, formatDateTime } from '../primitives';
import type { AdminAuditRow } from './admin-types';
import { BrandingForm, type BrandingFormProps } from './branding-form';
import { PeopleTable, type PeopleTableProps } from './people-table';
import { ScimSection, type ScimSectionProps } from './scim-section';
import { SignUpPolicyForm, type SignUpPolicyFormProps } from './sign-up-policy-form';
import { TranscriptionSection, type TranscriptionSectionProps } from './transcription-section';

export interface AdminPageViewProps {
  loading: boolean;
  loadError?: string | undefined;
  totals?: { people: number; videos: number; stored: string; jobsWaiting: number; jobsFailed: number } | undefined;
  people: PeopleTableProps['people'];
  myUid?: string | undefined;
  disable: PeopleTableProps['disable'];
  quota: PeopleTableProps['quota'];
  policy: SignUpPolicyFormProps;
  /** Undefined while it loads. */
  branding?: BrandingFormProps | undefined;
  audit: AdminAuditRow[];
  /** Which transcription engine, and its Test. */
  transcription?: TranscriptionSectionProps | undefined;
  /** Provisioning by the organisation's directory: on or off, its base URL, Rotate. */
  scim?: ScimSectionProps | undefined;
}

/** /admin: the instance's totals, its people, the sign-up policy, SCIM and the audit log. */
export function AdminPageView(props: AdminPageViewProps) {
  if (props.loadError)
    return (
      <section className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Admin</h1>
        <p role="alert" className="text-error">
          {props.loadError}
        </p>
      </section>
    );
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Admin</h1>
      {props.loading ? <p>Loading...</p> : null}
      {props.totals ? (
        <TitledSection id="admin-totals" title="This Stream">
          <dl className="stats stats-vertical sm:stats-horizontal shadow">
            {[
              ['People', props.totals.people],
              ['Videos', props.totals.videos],
              ['Stored', props.totals.stored],
              ['Jobs waiting', props.totals.jobsWaiting],
              ['Jobs failed', props.totals.jobsFailed],
            ].map(([label, value]) => (
              <div key={label} className="stat">
                <dt className="stat-title">{label}</dt>
                <dd className="stat-value text-2xl">{value}</dd>
              </div>
            ))}
          </dl>
        </TitledSection>
      ) : null}
      <TitledSection id="admin-people" title="People">
        <PeopleTable people={props.people} myUid={props.myUid} disable={props.disable} quota={props.quota} />
      </TitledSection>
      <TitledSection id="admin-sign-up" title="Sign-up">
        <SignUpPolicyForm key={`${props.policy.mode}:${props.policy.domains.join(',')}`} {...props.policy} />
      </TitledSection>
      {props.branding ? (
        <TitledSection id="admin-branding" title="Branding">
          <BrandingForm key={JSON.stringify(props.branding.saved)} {...props.branding} />
        </TitledSection>
      ) : null}
      {props.transcription ? (
        <TitledSection id="admin-transcription" title="Transcription">
          <TranscriptionSection {...props.transcription} />
        </TitledSection>
      ) : null}
      {props.scim ? (
        <TitledSection id="admin-scim" title="SCIM">
          <ScimSection {...props.scim} />
        </TitledSection>
      ) : null}
      <TitledSection id="admin-audit" title="Audit log">
        {props.audit.length === 0 ? (
          <p>No admin action yet.</p>
        ) : (
          <ol className="flex flex-col gap-1">
            {props.audit.map((entry) => (
              <li key={entry.id} className="text-sm">
                <time className="opacity-70">{entry.at ? formatDateTime(entry.at) : ''}</time> {entry.actor}:{' '}
                {entry.action}
                {entry.target ? ` (${entry.target})` : ''}
                {entry.detail ? ` — ${entry.detail}` : ''}
              </li>
            ))}
          </ol>
        )}
      </TitledSection>
    </section>
  );
}
