import { randomBytes } from 'node:crypto';
import { fastifyConnectPlugin } from '@connectrpc/connect-fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { acceptingTestTokens, type TestTokens } from './platform/auth/test-token-verifier';
import { firebaseAuth } from './platform/auth/firebase-auth';
import type { Config } from './config';
import { openDatabase, type AppDatabase } from './platform/db/database';
import { dualProtocolServer } from './platform/http/dual-protocol-server';
import { registerErrorHandler } from './platform/http/error-handler';
import { loggerOptions, type LogSettings } from './platform/http/log-options';
import { registerSecurity } from './platform/http/security';
import { registerAppConfigRoute, AdminService } from './admin';
import {
  registerStreamRoutes,
  signedRangeLane,
  RecentBlobKeys,
  VideoLinks,
  MediaService,
  type AssetVersion,
  UrlSigner,
  VideoService,
  QuotaService,
} from './videos';
import { requestLinesOf } from './platform/http/request-lines';
import {
  registerUploadRoutes,
  registerTusRoutes,
  startUploadExpiry,
  ResumableUploadService,
  uploadStores,
} from './uploads';
import { DatabaseRateLimitCounter } from './platform/rate-limits/rate-limit.repository';
import { registerWatchPages, LinkPasses, ShareLinkGates, SharingService, LinkGenerations } from './sharing';
import { registerNotificationRoutes } from './conversation';
import { connectOptions } from './platform/rpc/connect-options';
import libraryRoutes from './library/library.routes';
import videoRoutes from './videos/video.routes';
import shareLinkRoutes from './sharing/share-link.routes';
import { CallToActionService } from './call-to-action';
import callToActionRoutes from './call-to-action/call-to-action.routes';
import { LibraryService } from './library';
import { EditService, SensitiveTextService } from './edits';
import { TranscriptService, TranscriptionCheckService } from './transcripts';
import transcriptRoutes from './transcripts/transcript.routes';
import editRoutes from './edits/edit.routes';
import sensitiveTextRoutes from './edits/sensitive-text.routes';
import {
  recordingUsers,
  UserDirectory,
  AccountService,
  ProfilePhotoService,
  registerProfilePhotoRoutes,
  AccountExport,
  registerAccountExportRoutes,
} from './accounts';
import { TeamService } from './teams';
import teamRoutes from './teams/team.routes';
import accountRoutes from './accounts/account.routes';
import { ProfilePhotoFiles } from './platform/media/profile-photo';
import { wireConversation } from './wiring/conversation-wiring';
import conversationRoutes from './conversation/conversation.routes';
import { AccountGate, admittedUsers, revocationBus, StreamCallers } from './access';
import { acceptingApiKeys, ApiKeyService } from './api-keys';
import adminRoutes from './admin/admin.routes';
import apiKeyRoutes from './api-keys/api-key.routes';
import { createBlobStore, LocalBlobStore } from './platform/storage';
import { freeBytes } from './platform/storage/disk-full';
import { registerWebApp } from './wiring/web.routes';
import { meterAnswer, registerHttpMetrics } from './platform/ops/http-metrics';
import { ApiMetrics } from './platform/ops/metrics';
import { registerOpsRoutes } from './platform/ops/ops.routes';
import { Readiness } from './platform/ops/readiness';
import { requestId } from './platform/ops/request-id';
import { readinessChecks } from './wiring/readiness-checks';
import { wireJobs } from './wiring/processing-wiring';
import webhookRoutes from './webhooks/webhook.routes';
import { fastifyTrustProxy, trustFunction } from './platform/http/trust-proxy';
import { ScimTokens, signInAnswers, wireIdentity } from './identity';

export interface BuildOptions {
  /** Fastify's logger, secrets redacted: off by default (tests), `{ level }` in the real server. */
  logger?: LogSettings;
  /** An already open database (tests clone one from a template); the server closes it. */
  database?: AppDatabase;
  /** Tests only: also accept tokens signed with this key (platform/auth/test-token-verifier.ts). */
  testTokens?: TestTokens;
}

/**
 * Builds the whole server from its configuration; listening is the caller's business.
 * `app.close()` stops the worker, then closes the token verifier and the database.
 */
export async function build(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const protocols = dualProtocolServer();
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logger) : false,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    genReqId: requestId,
    serverFactory: protocols.serverFactory,
    // Stopping (SIGTERM), a request that still arrives on an open connection is served and its
    // connection closed after the answer (Fastify sets Connection: close), rather than answered 503:
    // nginx passes a 503 to a POST (every RPC) instead of trying the other API, which a rolling
    // restart under load showed (test/system/cluster.test.ts). New connections are refused, and those
    // nginx retries elsewhere, POSTs included, since nothing of them was sent.
    return503OnClosing: false,
    // Idle keep-alive connections are not destroyed the moment closing starts (main.ts closes them
    // once idle longer than nginx's upstream keepalive_timeout: platform/ops/idle-connections.ts).
    forceCloseConnections: false,
  });
  app.decorate('trustsProxy', trustFunction(config.TRUST_PROXY));
  app.addHook('preClose', async () => protocols.closeSessions());
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onConnectionError: (lost) => app.log.warn(lost, 'lost a database connection'),
    }));
  const { verifier: firebase, signIns } = firebaseAuth(config, app.log); // FIREBASE_AUTH=off: no Firebase at all
  const verifier = options.testTokens ? acceptingTestTokens(firebase, options.testTokens) : firebase;
  const closers: (() => Promise<void>)[] = [() => verifier.close(), () => database.close(), () => signIns.close()];
  const closeAll = async () => {
    for (const close of closers) await close();
  };
  app.addHook('onClose', closeAll);

  try {
    const log = app.log as Logger; // Fastify's logger is a pino logger
    const metrics = new ApiMetrics({ processMetrics: config.METRICS_TOKEN !== undefined });
    if (database.wasmMemoryBytes) metrics.watchDatabaseMemory(database.wasmMemoryBytes);
    registerHttpMetrics(app, metrics); // before the routes: it attaches to the upload and stream routes
    const store = createBlobStore(config);
    if (store instanceof LocalBlobStore && config.SENDFILE)
      void store.whyBodiesAreCopied().then((why) => {
        if (why)
          log.warn({ reason: why }, 'local blobs are copied through Node, not sent by sendfile: more CPU per byte');
      });
    const media = new MediaService({
      db: database.db,
      store,
      log,
      presignedReadSeconds: config.S3_PRESIGNED_READS ? config.SIGNED_URL_TTL_SECONDS : undefined,
    });
    closers.unshift(await media.startSweeping());
    const { mail, hooks, processing } = await wireJobs({ config, database, media, log, metrics });
    const { mailer, branding } = mail;
    if (mailer) closers.unshift(async () => mailer.close());
    // Started as the server begins closing, so the running job and in-flight requests share one grace period.
    let processingStopped: Promise<void> | undefined;
    const stopProcessing = () => (processingStopped ??= processing.stop(config.SHUTDOWN_GRACE_SECONDS * 1000));
    closers.unshift(stopProcessing);
    if (config.WORKER) await processing.startWorker();

    const signingSecret = config.URL_SIGNING_SECRET ?? randomBytes(32).toString('base64url');
    const signer = new UrlSigner(signingSecret, config.SIGNED_URL_TTL_SECONDS);
    const links = new VideoLinks(signer, config.PUBLIC_URL);
    const generations = new LinkGenerations(database.db);
    const passes = new LinkPasses(signingSecret); // passes through links' password and email gates
    const linkGates = new ShareLinkGates({ db: database.db, passes });
    const videos = new VideoService({ db: database.db, media, queue: processing.queue, generations, linkGates });
    const edits = new EditService({
      db: database.db,
      media,
      videos,
      renders: processing.renders,
      renditions: processing.renditions,
      log,
    });
    const library = new LibraryService({ db: database.db, videos });
    const directory = new UserDirectory({ db: database.db, log });
    const teams = new TeamService({ db: database.db, directory, generations, mailer, branding, log });
    // Quotas, who may use the API (disabled people, the sign-up policy), personal API keys.
    const quota = new QuotaService({ db: database.db, defaultQuotaBytes: config.DEFAULT_QUOTA_BYTES });
    const gate = new AccountGate({
      db: database.db,
      adminEmails: config.ADMIN_EMAILS,
      directoryAdmins: !!config.OIDC_ADMIN_GROUPS?.length,
      // Production refuses to start without ADMIN_EMAILS or OIDC_ADMIN_GROUPS; this is the laptop's (`npm start`) way.
      firstSignInAdmin: config.NODE_ENV !== 'production',
      log,
    });
    const scimTokens = new ScimTokens({ db: database.db, envToken: config.SCIM_TOKEN });
    const admin = new AdminService({
      db: database.db,
      scimTokens,
      gate,
      branding,
      defaultQuotaBytes: config.DEFAULT_QUOTA_BYTES,
    });
    // Rate limits are counted in the database, so every API process of a cluster shares them.
    const rateLimitCounter = new DatabaseRateLimitCounter(database.db);
    const apiKeys = new ApiKeyService({
      db: database.db,
      log,
      callsPerMinute: config.API_KEY_CALLS_PER_MINUTE,
      rateLimits: rateLimitCounter,
    });
    // Stream's own sessions (after an OpenID Connect sign-in) are taken wherever a Firebase ID token is.
    const identity = wireIdentity(app, {
      config,
      db: database.db,
      signingSecret,
      admit: (user, hint) => gate.admit(user, { acceptingInvite: false, ...hint }),
      record: (user, db) => directory.ensure(user, db),
      setDisabled: (uid, disabled) => admin.setDisabledByDirectory('SCIM directory', uid, disabled),
      scimTokens,
      generations,
      log,
    });
    const keyedVerifier = acceptingApiKeys(identity.verifier(verifier), apiKeys);
    const admittedVerifier = admittedUsers(keyedVerifier, gate);
    // The HTTP routes' callers are recorded too (the RPCs' are, by onAuthenticated below).
    const httpVerifier = recordingUsers(admittedVerifier, directory);
    const photoFiles = new ProfilePhotoFiles({
      store,
      ffmpegPath: config.FFMPEG_PATH || '/usr/bin/ffmpeg',
      scratchDir: join(config.DATA_DIR, 'tmp', 'photos'),
    });
    const photos = new ProfilePhotoService({ db: database.db, files: photoFiles, signer, directory });
    const accounts = new AccountService({ db: database.db, directory, videos, signIns, gate, photos, log });
    // Live streams look at their callers again while open (their standing, key, token, the video).
    const callers = new StreamCallers({ db: database.db, gate });
    const conversation = wireConversation({
      db: database.db,
      videos,
      rateLimits: rateLimitCounter,
      gates: linkGates,
      mail: mail.notificationMail,
      hooks: hooks.webhooks,
      callers,
    });
    // PostgreSQL: other API processes' comments reach this one's live streams at once (LISTEN/NOTIFY).
    if (database.listen) closers.unshift(await conversation.liveFeed.listenAcrossProcesses(database.listen));
    const sharing = new SharingService({
      db: database.db,
      videos,
      gates: linkGates,
      passes,
      rateLimits: rateLimitCounter,
      hooks: hooks.webhooks,
    });
    const callToActions = new CallToActionService({ db: database.db, videos, rateLimits: rateLimitCounter });
    const transcriptQueue = config.TRANSCRIBE === 'on' ? processing.transcriptions : undefined;
    const transcripts = new TranscriptService({
      db: database.db,
      media,
      videos,
      queue: transcriptQueue,
      engineLanguages: config.TRANSCRIBE_URL ? [] : ['en'], // pocketsphinx has its US English model alone
      builtinEngine: config.TRANSCRIBE === 'on' && !config.TRANSCRIBE_URL,
    });
    const transcription = new TranscriptionCheckService({
      gate,
      config,
      scratchDir: join(config.DATA_DIR, 'tmp', 'processing'),
    });
    const sensitiveText = new SensitiveTextService({
      media,
      videos,
      ffmpegPath: config.FFMPEG_PATH || '/usr/bin/ffmpeg',
      tesseractPath: '/usr/bin/tesseract', // Debian's tesseract-ocr (+ tesseract-ocr-eng)
      scratchDir: join(config.DATA_DIR, 'tmp', 'processing'),
      toolTimeoutMs: 120_000,
    });

    const { limits: rateLimits, setSecurityHeaders } = registerSecurity(
      app,
      config,
      rateLimitCounter,
      (limit) => metrics.rateLimited.inc({ limit }),
      branding,
    );
    const readiness = new Readiness(
      readinessChecks({
        database,
        media,
        queueSize: () => processing.queueSize(),
        liveWorkers: async () => (await processing.queueHealth()).liveWorkers,
        freeBytes: () => freeBytes(config.DATA_DIR),
        minFreeBytes: config.READY_MIN_FREE_MB * 1024 ** 2,
      }),
    );
    app.addHook('preClose', async () => {
      readiness.stop(); // a balancer sees /readyz fail from the first moment
      stopProcessing().catch(() => undefined); // its closer reports a failure
    });
    registerOpsRoutes(app, { readiness, metrics, metricsToken: config.METRICS_TOKEN });
    await app.register(
      fastifyConnectPlugin,
      connectOptions({
        routes: (router) => {
          videoRoutes({ videos, sharing, links, library, edits })(router);
          editRoutes({ edits, links })(router);
          libraryRoutes({ library, links })(router);
          teamRoutes({ teams, links })(router);
          conversationRoutes(conversation)(router);
          shareLinkRoutes({ sharing, links })(router);
          callToActionRoutes({ callToActions })(router);
          transcriptRoutes({ transcripts })(router);
          sensitiveTextRoutes({ sensitiveText, callers, videos })(router);
          adminRoutes({ admin, quota, branding, transcription, publicUrl: config.PUBLIC_URL })(router);
          apiKeyRoutes({ apiKeys })(router);
          webhookRoutes({ webhooks: hooks.webhooks })(router);
          accountRoutes({ accounts, signer, mailAvailable: mailer !== undefined })(router);
        },
        verifier: keyedVerifier,
        log,
        onFailedAuthentication: rateLimits.failedAuthentication,
        onAuthenticated: (user) => directory.saw(user),
        // Someone new may sign up by accepting a team invite even where only invites let them in.
        admit: (user, method) =>
          gate.admit(user, {
            acceptingInvite: method.service === 'videoservice.TeamService' && method.name === 'AcceptInvite',
          }),
      }),
    );
    registerErrorHandler(app);
    registerUploadRoutes(app, {
      videos,
      verifier: httpVerifier,
      links,
      maxUploadBytes: config.MAX_UPLOAD_BYTES,
      limits: rateLimits,
      quota,
    });
    const uploads = new ResumableUploadService({ db: database.db, media, videos, log });
    const { storage, maxUploadBytes: maxResumableBytes } = uploadStores(config, { media, uploads });
    const tusFiles = await registerTusRoutes(app, {
      uploads,
      verifier: httpVerifier,
      storage,
      maxUploadBytes: maxResumableBytes,
      limits: rateLimits,
      quota,
      log,
    });
    videos.removeUploadsWith(tusFiles);
    closers.unshift(
      startUploadExpiry({
        uploads,
        files: tusFiles,
        expiryMs: config.UPLOAD_EXPIRY_HOURS * 3_600_000,
        emptyExpiryMs: config.UPLOAD_FIRST_BYTES_MINUTES * 60_000,
        log,
      }),
    );
    const recentKeys = new RecentBlobKeys<AssetVersion>();
    // A signed URL used lately skips the access rules; a revocation (a disabled owner) makes it ask again.
    revocationBus(database.db).onEveryRevocation(() => recentKeys.clear());
    registerStreamRoutes(app, {
      videos,
      signer,
      verifier: httpVerifier,
      generations,
      accelRedirect: config.ACCEL_REDIRECT,
      recentKeys,
    });
    // Off where nginx sends the bytes: there each request is an exchange with nginx Fastify must see.
    if (!config.ACCEL_REDIRECT) {
      const lane = signedRangeLane({
        signer,
        generations,
        recentKeys,
        setSecurityHeaders,
        credentialsRefused: rateLimits.credentialsRefused,
        meter: (route) => meterAnswer(metrics, route),
        log,
        logRequestLines: requestLinesOf(log, requestId),
        stopping: () => !app.server.listening,
      });
      protocols.setFirstLook(lane);
      app.decorate('signedRangeLane', lane);
    }
    registerAppConfigRoute(app, {
      maxRecordingSeconds: config.MAX_RECORDING_SECONDS,
      authEmulatorHost: config.FIREBASE_AUTH === 'on' ? config.FIREBASE_AUTH_EMULATOR_HOST : undefined,
      firebaseAuth: config.FIREBASE_AUTH,
      ...signInAnswers(config),
    });
    registerWatchPages(app, { videos, sharing, links, webDist: config.WEB_DIST, branding });
    registerNotificationRoutes(app, { verifier: admittedVerifier, notifications: conversation.notifications });
    registerAccountExportRoutes(app, {
      exports: new AccountExport({ db: database.db, media, accounts, photos }),
      signer,
      verifier: httpVerifier,
      gate,
      log,
    });
    await registerProfilePhotoRoutes(app, { photos, verifier: httpVerifier });
    await registerWebApp(app, config.WEB_DIST);
    return app;
  } catch (error) {
    await closeAll().catch(() => undefined);
    throw error;
  }
}
