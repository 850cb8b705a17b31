import { escapeHtml } from '../platform/http/html-escape';
import type { MailMessage } from '../platform/mail/mailer';
import type { TeamRole } from './team';

const roleNames: Record<TeamRole, string> = { owner: 'an owner', admin: 'an admin', member: 'a member' };

/**
 * The mail carrying an invite link to `to`: who invites, to which team, with what role, until
 * when. Every name in the HTML is escaped (a team may be called `<b>`); the text part is plain.
 */
export function inviteMail(invite: {
  to: string;
  teamName: string;
  inviterName: string;
  role: TeamRole;
  url: string;
  expiresAt: Date;
  /** The instance's product name (branding); "Stream" when unset. */
  productName?: string | undefined;
}): MailMessage {
  const who = invite.inviterName || 'Someone';
  const product = invite.productName || 'Stream';
  const until = invite.expiresAt.toUTCString();
  const subject = `${who} invited you to ${invite.teamName} on ${product}`;
  const text = [
    `${who} invited you to join the team "${invite.teamName}" on ${product} as ${roleNames[invite.role]}.`,
    '',
    `Open this link to join: ${invite.url}`,
    '',
    `The link works until ${until}. If you did not expect this mail, ignore it.`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(who)} invited you to join the team <strong>${escapeHtml(invite.teamName)}</strong> on ${escapeHtml(product)} as ${roleNames[invite.role]}.</p>`,
    `<p><a href="${escapeHtml(invite.url)}">Join ${escapeHtml(invite.teamName)}</a></p>`,
    `<p>The link works until ${escapeHtml(until)}. If you did not expect this mail, ignore it.</p>`,
    '</body></html>',
  ].join('\n');
  return { to: invite.to, subject, text, html };
}
