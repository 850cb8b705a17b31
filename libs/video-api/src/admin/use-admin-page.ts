import type { ConnectError, Transport } from '@connectrpc/connect';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { SignUpMode } from '@stream/proto';
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { adminErrorMessage } from './admin-error-message';
import {
  setBrandingMutation,
  setPersonDisabledMutation,
  setPersonQuotaMutation,
  setSignUpPolicyMutation,
} from './mutations';
import { auditLogQuery, brandingQuery, instanceTotalsQuery, listPeopleQuery, signUpPolicyQuery } from './queries';
import { bytesLabel, megabytesToBytes } from './bytes-label';
import { useTranscriptionAdmin } from './use-transcription-admin';
import { personSourceLabel } from './person-source';
import { useScimAdmin } from './use-scim-admin';

export type SignUpModeLabel = 'open' | 'invite-only' | 'domains';

const modeLabels: Record<number, SignUpModeLabel> = {
  [SignUpMode.OPEN]: 'open',
  [SignUpMode.INVITE_ONLY]: 'invite-only',
  [SignUpMode.DOMAINS]: 'domains',
};
const modeOf: Record<SignUpModeLabel, SignUpMode> = {
  open: SignUpMode.OPEN,
  'invite-only': SignUpMode.INVITE_ONLY,
  domains: SignUpMode.DOMAINS,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any mutation: only its state is read
const state = (m: UseMutationResult<any, ConnectError, any>) => ({
  busy: m.isPending,
  error: m.error ? adminErrorMessage(m.error) : undefined,
});

const when = (at: Timestamp | undefined) => (at ? timestampDate(at) : undefined);

/**
 * /admin as `@stream/ui`'s `AdminPageView` props: totals, people with their storage and
 * last activity (disable, enable, quota), the sign-up policy and the audit log.
 */
export function useAdminPage(transport: Transport) {
  const queryClient = useQueryClient();
  const people = useQuery(listPeopleQuery(transport));
  const totals = useQuery(instanceTotalsQuery(transport));
  const audit = useQuery(auditLogQuery(transport));
  const policy = useQuery(signUpPolicyQuery(transport));
  const disable = useMutation(setPersonDisabledMutation(transport, queryClient));
  const quota = useMutation(setPersonQuotaMutation(transport, queryClient));
  const setPolicy = useMutation(setSignUpPolicyMutation(transport, queryClient));
  const branding = useQuery(brandingQuery(transport));
  const setBranding = useMutation(setBrandingMutation(transport, queryClient));
  const firstError = [people.error, totals.error, audit.error, policy.error].find(Boolean);
  const transcription = useTranscriptionAdmin(transport);
  const scim = useScimAdmin(transport);

  return {
    loading: people.isPending,
    loadError: firstError ? adminErrorMessage(firstError) : undefined,
    totals: totals.data && {
      people: Number(totals.data.people),
      videos: Number(totals.data.videos),
      stored: bytesLabel(totals.data.storedBytes),
      jobsWaiting: Number(totals.data.jobsWaiting),
      jobsFailed: Number(totals.data.jobsFailed),
    },
    people: (people.data?.people ?? []).map((person) => ({
      uid: person.uid,
      name: person.displayName || person.email || person.uid,
      email: person.email,
      disabled: person.disabled,
      admin: person.admin,
      source: personSourceLabel(person.source),
      used: bytesLabel(person.usedBytes),
      quota: person.effectiveQuotaBytes > 0n ? bytesLabel(person.effectiveQuotaBytes) : 'unlimited',
      ownQuota: person.quotaBytes !== undefined,
      overQuota: person.effectiveQuotaBytes > 0n && person.usedBytes > person.effectiveQuotaBytes,
      videoCount: person.videoCount,
      lastActive: when(person.lastActiveAt),
    })),
    disable: {
      ...state(disable),
      submit: (uid: string, disabled: boolean) => disable.mutate({ uid, disabled }),
    },
    quota: {
      ...state(quota),
      /** The last change left the person above their new quota (allowed; their next upload is refused). */
      overQuotaWarning: quota.data?.overQuota
        ? `${quota.data.person?.displayName || quota.data.person?.email || 'This person'} already stores more than the new quota: their next upload will be refused until they delete videos.`
        : undefined,
      /** `megabytes` '' clears the person's own quota (the instance default applies again). */
      submit: (uid: string, megabytes: string, done?: () => void) => {
        if (megabytes.trim() === '') return quota.mutate({ uid }, { onSuccess: () => done?.() });
        const bytes = megabytesToBytes(megabytes);
        if (bytes === undefined) return; // the form's number field takes no other
        quota.mutate({ uid, quotaBytes: bytes }, { onSuccess: () => done?.() });
      },
    },
    policy: {
      ...state(setPolicy),
      mode: policy.data ? (modeLabels[policy.data.mode] ?? 'open') : undefined,
      domains: policy.data?.domains ?? [],
      submit: (mode: SignUpModeLabel, domains: string) =>
        setPolicy.mutate({
          policy: {
            mode: modeOf[mode],
            domains: mode === 'domains' ? domains.split(/[\s,]+/).filter(Boolean) : [],
          },
        }),
    },
    branding: branding.data && {
      ...state(setBranding),
      saved: {
        productName: branding.data.productName,
        logoUrl: branding.data.logoUrl,
        accentColor: branding.data.accentColor,
      },
      submit: (values: { productName: string; logoUrl: string; accentColor: string }) =>
        setBranding.mutate({ branding: values }),
    },
    transcription,
    scim,
    audit: (audit.data?.entries ?? []).map((entry) => ({
      id: String(entry.id),
      at: when(entry.at),
      actor: entry.actorEmail || entry.actorUid,
      action: entry.action,
      target: entry.targetUid,
      detail: entry.detail,
    })),
  };
}

export type AdminPage = ReturnType<typeof useAdminPage>;
