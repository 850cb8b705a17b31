import { describe, expect, it } from 'vitest';
import { inviteMail } from './invite-mail';

const invite = {
  to: 'bob@example.com',
  teamName: 'Crew',
  inviterName: 'Ann',
  role: 'member' as const,
  url: 'https://stream.example/invite/abc',
  expiresAt: new Date('2026-12-01T00:00:00Z'),
};

describe('the invite mail', () => {
  it('names the product as the admin branded it, escaped in the HTML', () => {
    const mail = inviteMail({ ...invite, productName: 'Acme <Video>' });
    expect(mail.subject).toBe('Ann invited you to Crew on Acme <Video>');
    expect(mail.text).toContain('join the team "Crew" on Acme <Video> as a member.');
    expect(mail.html).toContain('on Acme &lt;Video&gt; as a member.');
    expect(mail.html).not.toContain('<Video>');
  });

  it('says Stream while no branding is set', () => {
    expect(inviteMail(invite).subject).toBe('Ann invited you to Crew on Stream');
  });
});
