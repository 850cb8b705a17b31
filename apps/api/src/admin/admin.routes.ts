import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import {
  AdminService as AdminServiceDescriptor,
  AuditEntrySchema,
  BrandingSchema,
  InstanceTotalsSchema,
  AdminPersonSchema,
  PersonSource,
  ScimSettingsSchema,
  SignUpMode,
  SignUpPolicySchema,
  TranscriptionEngine,
  type SignUpPolicy as ProtoSignUpPolicy,
} from '@stream/proto';
import type { AuditEntry, Person } from './admin';
import type { Branding } from './branding';
import type { BrandingService } from './branding.service';
import type { AdminService } from './admin.service';
import type { SignUpPolicy } from '../access';
import type { QuotaService } from '../videos';
import type { TranscriptionCheckService } from '../transcripts';
import { signedIn } from '../platform/rpc/signed-in';

export interface AdminRoutesDeps {
  admin: AdminService;
  /** PUBLIC_URL: the SCIM base URL /admin shows is under it. */
  publicUrl?: string;
  quota: QuotaService;
  branding: BrandingService;
  transcription: TranscriptionCheckService;
}

const ENGINES = {
  off: TranscriptionEngine.OFF,
  builtin: TranscriptionEngine.BUILTIN,
  server: TranscriptionEngine.SERVER,
} as const;

const toPerson = (person: Person) =>
  create(AdminPersonSchema, {
    uid: person.uid,
    email: person.email,
    displayName: person.displayName,
    disabled: person.disabled,
    usedBytes: BigInt(person.usedBytes),
    ...(person.quotaBytes === undefined ? {} : { quotaBytes: BigInt(person.quotaBytes) }),
    effectiveQuotaBytes: BigInt(person.effectiveQuotaBytes ?? 0),
    videoCount: person.videoCount,
    lastActiveAt: timestampFromDate(person.lastActiveAt),
    createdAt: timestampFromDate(person.createdAt),
    admin: person.admin,
    source: SOURCES[person.source],
  });

const SOURCES = {
  firebase: PersonSource.FIREBASE,
  oidc: PersonSource.OIDC,
  saml: PersonSource.SAML,
  scim: PersonSource.SCIM,
} as const;

const toScimSettings = (status: { enabled: boolean; rotatedAt?: Date }, publicUrl?: string) =>
  create(ScimSettingsSchema, {
    enabled: status.enabled,
    baseUrl: publicUrl ? `${publicUrl.replace(/\/+$/, '')}/scim/v2` : '',
    ...(status.rotatedAt ? { rotatedAt: timestampFromDate(status.rotatedAt) } : {}),
  });

const toEntry = (entry: AuditEntry) =>
  create(AuditEntrySchema, {
    id: BigInt(entry.id),
    at: timestampFromDate(entry.at),
    actorUid: entry.actorUid,
    actorEmail: entry.actorEmail,
    action: entry.action,
    targetUid: entry.targetUid,
    detail: entry.detail,
  });

const toProtoPolicy = (policy: SignUpPolicy) =>
  create(SignUpPolicySchema, {
    mode: { open: SignUpMode.OPEN, 'invite-only': SignUpMode.INVITE_ONLY, domains: SignUpMode.DOMAINS }[policy.mode],
    domains: policy.mode === 'domains' ? [...policy.domains] : [],
  });

function fromProtoPolicy(policy: ProtoSignUpPolicy): SignUpPolicy {
  switch (policy.mode) {
    case SignUpMode.OPEN:
      return { mode: 'open' };
    case SignUpMode.INVITE_ONLY:
      return { mode: 'invite-only' };
    case SignUpMode.DOMAINS:
      return { mode: 'domains', domains: policy.domains };
    default:
      throw new ConnectError('Choose a sign-up mode: open, invite only or domains', Code.InvalidArgument);
  }
}

const toBranding = (branding: Branding) => create(BrandingSchema, branding);

function uid(value: string): string {
  if (!value || value.length > 128) throw new ConnectError('Name the person by uid', Code.InvalidArgument);
  return value;
}

/** The AdminService on the Connect router. Errors leave through the error interceptor. */
export default ({ admin, quota, branding, transcription, publicUrl }: AdminRoutesDeps) =>
  (router: ConnectRouter) => {
    router.service(AdminServiceDescriptor, {
      getAdminStatus: async (_request, context) => ({ admin: await admin.isAdmin(signedIn(context)) }),

      listPeople: async (_request, context) => ({
        people: (await admin.listPeople(signedIn(context))).map(toPerson),
      }),

      setPersonDisabled: async (request, context) =>
        toPerson(await admin.setDisabled(signedIn(context), uid(request.uid), request.disabled)),

      setPersonQuota: async (request, context) => {
        const bytes = request.quotaBytes;
        if (bytes !== undefined && (bytes < 0n || bytes > BigInt(Number.MAX_SAFE_INTEGER)))
          throw new ConnectError('A quota is a whole number of bytes, at least 0', Code.InvalidArgument);
        const result = await admin.setQuota(
          signedIn(context),
          uid(request.uid),
          bytes === undefined ? undefined : Number(bytes),
        );
        return { person: toPerson(result.person), overQuota: result.overQuota };
      },

      getSignUpPolicy: async (_request, context) => toProtoPolicy(await admin.signUpPolicy(signedIn(context))),

      setSignUpPolicy: async (request, context) =>
        toProtoPolicy(
          await admin.setSignUpPolicy(signedIn(context), fromProtoPolicy(request.policy ?? create(SignUpPolicySchema))),
        ),

      getInstanceTotals: async (_request, context) => {
        const totals = await admin.totals(signedIn(context));
        return create(InstanceTotalsSchema, {
          people: BigInt(totals.people),
          videos: BigInt(totals.videos),
          storedBytes: BigInt(totals.storedBytes),
          jobsWaiting: BigInt(totals.jobsWaiting),
          jobsFailed: BigInt(totals.jobsFailed),
        });
      },

      listAuditLog: async (request, context) => ({
        entries: (await admin.auditLog(signedIn(context), request.limit)).map(toEntry),
      }),

      getBranding: async (_request, context) => {
        signedIn(context);
        return toBranding(await branding.current());
      },

      setBranding: async (request, context) => {
        const given = request.branding ?? create(BrandingSchema);
        return toBranding(
          await admin.setBranding(signedIn(context), {
            productName: given.productName,
            logoUrl: given.logoUrl,
            accentColor: given.accentColor,
          }),
        );
      },

      getTranscriptionSettings: async (_request, context) => {
        const settings = await transcription.settings(signedIn(context));
        return { ...settings, engine: ENGINES[settings.engine] };
      },

      testTranscription: async (_request, context) => transcription.test(signedIn(context)),

      getScimSettings: async (_request, context) =>
        toScimSettings(await admin.scimStatus(signedIn(context)), publicUrl),

      rotateScimToken: async (_request, context) => {
        const caller = signedIn(context);
        const token = await admin.rotateScimToken(caller);
        return { token, settings: toScimSettings(await admin.scimStatus(caller), publicUrl) };
      },

      getMyStorage: async (_request, context) => {
        const user = signedIn(context);
        const [use, videos] = await Promise.all([quota.use(user.uid), quota.videosBySize(user.uid)]);
        return {
          usedBytes: BigInt(use.usedBytes),
          quotaBytes: BigInt(use.quotaBytes ?? 0),
          videos: videos.map((video) => ({
            videoId: video.id,
            title: video.title,
            sizeBytes: BigInt(video.sizeBytes),
          })),
        };
      },
    });
  };
