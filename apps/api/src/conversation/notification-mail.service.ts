import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { claimDigest, claimImmediate, unclaim, type MailableNotification } from './notification-mail.repository';
import type { Database } from '../platform/db/schema';
import type { BrandingService } from '../admin';
import type { Mailer } from '../platform/mail/mailer';
import { digestMail, immediateMail, type MailedNotification } from './notification-mail';

export interface NotificationMailDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  branding: Pick<BrandingService, 'current'>;
  /** Where the mails' links point: PUBLIC_URL. */
  publicUrl: string;
  log: Pick<Logger, 'warn' | 'info'>;
}

const toMailed = (row: MailableNotification): MailedNotification => ({
  kind: row.kind,
  videoId: row.video_id,
  videoTitle: row.video_title,
  actorName: row.actor_name,
  text: row.text,
  momentSeconds: row.moment_seconds,
});

/**
 * Notifications by mail, when SMTP_URL is set: each recipient's choice of at
 * once, a daily digest, or none. A notification is claimed (marked mailed) before its mail goes,
 * so two processes never both send it; a mail the server refuses gives its claim back.
 */
export class NotificationMailService {
  constructor(private readonly deps: NotificationMailDeps) {}

  /** Starts `sendImmediate` without waiting for it (the change that notified has its answer); failures are logged. */
  mailSoon(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.sendImmediate(ids).catch((error: unknown) =>
      this.deps.log.warn({ err: error }, 'could not mail new notifications'),
    );
  }

  /** Mails the new notifications `ids` to those of their recipients who want them at once. */
  async sendImmediate(ids: readonly string[]): Promise<void> {
    const rows = await claimImmediate(this.deps.db, ids);
    if (rows.length === 0) return;
    const branding = await this.deps.branding.current();
    for (const row of rows) {
      await this.send([row], immediateMail(row.recipient_email, toMailed(row), branding, this.deps.publicUrl));
    }
  }

  /** The daily digest job: one mail per person who chose a digest and has news. Returns how many were sent. */
  async sendDigests(): Promise<number> {
    const rows = await claimDigest(this.deps.db);
    const byRecipient = new Map<string, MailableNotification[]>();
    for (const row of rows) byRecipient.set(row.recipient_uid, [...(byRecipient.get(row.recipient_uid) ?? []), row]);
    const branding = await this.deps.branding.current();
    let sent = 0;
    for (const items of byRecipient.values()) {
      const mail = digestMail(items[0]!.recipient_email, items.map(toMailed), branding, this.deps.publicUrl);
      if (await this.send(items, mail)) sent += 1;
    }
    if (byRecipient.size > 0) this.deps.log.info({ sent, people: byRecipient.size }, 'notification digests mailed');
    return sent;
  }

  private async send(rows: readonly MailableNotification[], mail: Parameters<Mailer['send']>[0]): Promise<boolean> {
    try {
      await this.deps.mailer.send(mail);
      return true;
    } catch (error) {
      this.deps.log.warn(
        { err: error, uid: rows[0]?.recipient_uid },
        'the mail server did not take a notification mail',
      );
      await unclaim(
        this.deps.db,
        rows.map((row) => row.id),
      ).catch(() => undefined);
      return false;
    }
  }
}
