import nodemailer from 'nodemailer';

/** One mail, in text and HTML: the HTML's text must already be escaped by whoever wrote it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail: invites now, notifications later. One per process; `close` at shutdown. */
export interface Mailer {
  /** Resolves once the SMTP server took the message; rejects with its refusal otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The From when MAIL_FROM is unset: no-reply at PUBLIC_URL's host (localhost without one). */
export function defaultSender(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return `Stream <no-reply@${host}>`;
}

/** A mailer over SMTP (`smtpUrl` as nodemailer reads it: smtp:// or smtps://, credentials in it). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  // A dead server answers within seconds rather than holding an RPC for nodemailer's 2 minutes.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}
