import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../platform/db/schema';
import type { AppJob } from '../platform/processing';
import { BrandingService } from '../admin';
import { createSmtpMailer, defaultSender, type Mailer } from '../platform/mail/mailer';
import { NotificationMailService } from '../conversation';

/** The daily digest's queue, queued by pg-boss at 08:00 UTC. */
export const DIGEST_QUEUE = 'notification-digest';
export const DIGEST_CRON = '0 8 * * *';

export interface MailWiring {
  /** Set when SMTP_URL is. */
  mailer?: Mailer;
  branding: BrandingService;
  /** Set when SMTP_URL is: notifications by mail. */
  notificationMail?: NotificationMailService;
  /** The digest's queue, when there is mail to send. */
  jobs: AppJob[];
}

/**
 * Mail as the API (server.ts) and a separate worker (worker.ts) send it: the SMTP mailer, the
 * branding mails carry, and notification mail with its daily digest job. Links point at
 * PUBLIC_URL (else this server's own port on localhost).
 */
export function wireMail(config: Config, db: Kysely<Database>, log: Logger): MailWiring {
  const branding = new BrandingService({ db }); // watch pages and mails carry it
  if (!config.SMTP_URL) return { branding, jobs: [] };
  const mailer = createSmtpMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? defaultSender(config.PUBLIC_URL),
  });
  const notificationMail = new NotificationMailService({
    db,
    mailer,
    branding,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    log,
  });
  const digest: AppJob = {
    name: DIGEST_QUEUE,
    queue: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
    cron: DIGEST_CRON,
    handle: async () => void (await notificationMail.sendDigests()),
  };
  return { mailer, branding, notificationMail, jobs: [digest] };
}
