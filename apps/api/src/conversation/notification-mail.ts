import type { NotificationKind } from './notification.table';
import type { Branding } from '../admin';
import { escapeHtml } from '../platform/http/html-escape';
import type { MailMessage } from '../platform/mail/mailer';

/** One notification as a mail tells it. */
export interface MailedNotification {
  kind: NotificationKind;
  videoId: string;
  videoTitle: string;
  actorName: string;
  /** The comment's text, or the reaction's emoji. */
  text: string;
  momentSeconds: number;
}

/** m:ss (h:mm:ss past an hour), as the video page shows a moment. */
export function formatMoment(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The video page at the moment: `/video/{id}?t=SECONDS` on `publicUrl`. */
export const momentUrl = (publicUrl: string, item: Pick<MailedNotification, 'videoId' | 'momentSeconds'>) =>
  `${publicUrl.replace(/\/+$/, '')}/video/${encodeURIComponent(item.videoId)}?t=${Math.floor(item.momentSeconds)}`;

/** Header text from what people typed: one line, so it cannot start another header. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

function headline(item: MailedNotification): string {
  const who = oneLine(item.actorName) || 'Someone';
  const title = oneLine(item.videoTitle) || 'Untitled video';
  switch (item.kind) {
    case 'comment':
      return `${who} commented on “${title}”`;
    case 'reply':
      return `${who} replied on “${title}”`;
    case 'reaction':
      return `${who} reacted ${oneLine(item.text)} to “${title}”`;
  }
}

function itemText(item: MailedNotification, publicUrl: string): string {
  const said = item.kind === 'reaction' ? [] : ['', ...item.text.split('\n').map((line) => `> ${line}`)];
  return [
    `${headline(item)} at ${formatMoment(item.momentSeconds)}`,
    ...said,
    '',
    `Open it: ${momentUrl(publicUrl, item)}`,
  ].join('\n');
}

function itemHtml(item: MailedNotification, publicUrl: string, accent: string): string {
  const quote =
    item.kind === 'reaction'
      ? ''
      : `<blockquote style="white-space:pre-wrap;margin:8px 0;padding-left:12px;border-left:3px solid #ccc">${escapeHtml(item.text)}</blockquote>`;
  return [
    `<p>${escapeHtml(headline(item))} at ${formatMoment(item.momentSeconds)}</p>`,
    quote,
    `<p><a href="${escapeHtml(momentUrl(publicUrl, item))}" style="color:${accent}">Open at ${formatMoment(item.momentSeconds)}</a></p>`,
  ].join('\n');
}

function page(branding: Branding, body: string, footer: string): string {
  const product = escapeHtml(branding.productName);
  const logo = branding.logoUrl
    ? `<p><img src="${escapeHtml(branding.logoUrl)}" alt="${product}" style="max-height:40px"></p>`
    : `<p><strong>${product}</strong></p>`;
  return [
    '<!doctype html><html><body style="font-family:sans-serif">',
    logo,
    body,
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
}

const footerOf = (branding: Branding) =>
  `You get this mail from ${branding.productName}; choose how notifications reach you in Settings.`;

/**
 * The mail for one notification sent at once: who did what on which video at which moment, the
 * link to that moment, and what they wrote. Everything people typed is escaped in the HTML
 * (a comment that looks like HTML shows as text) and kept on one line in the subject.
 */
export function immediateMail(
  to: string,
  item: MailedNotification,
  branding: Branding,
  publicUrl: string,
): MailMessage {
  const accent = branding.accentColor || '#0b7285';
  return {
    to,
    subject: headline(item),
    text: [itemText(item, publicUrl), '', '--', footerOf(branding)].join('\n'),
    html: page(branding, itemHtml(item, publicUrl, accent), footerOf(branding)),
  };
}

/** The daily digest: every notification of the day, oldest first, each as its own mail would say it. */
export function digestMail(
  to: string,
  items: readonly MailedNotification[],
  branding: Branding,
  publicUrl: string,
): MailMessage {
  const accent = branding.accentColor || '#0b7285';
  const count = items.length === 1 ? '1 new notification' : `${items.length} new notifications`;
  const subject = `${branding.productName}: ${count}`;
  return {
    to,
    subject,
    text: [`${count}:`, ...items.map((item) => `\n${itemText(item, publicUrl)}`), '', '--', footerOf(branding)].join(
      '\n',
    ),
    html: page(
      branding,
      [`<p>${escapeHtml(count)}:</p>`, ...items.map((item) => `<hr>\n${itemHtml(item, publicUrl, accent)}`)].join('\n'),
      footerOf(branding),
    ),
  };
}
