import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvitePageView } from './invite-page-view';
import { MoveToTeamDialog } from './move-to-team-dialog';
import { SpaceSwitcher } from './space-switcher';
import { TeamPageView, type OpenTeamProps } from './team-page-view';
import type { TeamAction } from './team-types';

afterEach(cleanup);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a recorder of any action's arguments
function action(calls: unknown[][], error?: string): TeamAction<any[]> {
  return { busy: false, error, submit: (...args: unknown[]) => void calls.push(args) };
}

function openTeam(myRole: OpenTeamProps['myRole'], calls: Record<string, unknown[][]>): OpenTeamProps {
  const a = (name: string, error?: string) => action((calls[name] = []), error);
  return {
    name: 'Crew',
    myRole,
    members: [
      {
        uid: 'ann',
        name: 'Ann',
        email: 'ann@example.com',
        role: 'owner',
        joined: '25 Nov 2026',
        isMe: myRole === 'owner',
      },
      {
        uid: 'bob',
        name: 'Bob',
        email: 'bob@example.com',
        role: 'member',
        joined: '26 Nov 2026',
        isMe: myRole === 'member',
      },
    ],
    invites: [{ id: 'i1', role: 'member', expires: '2 Dec 2026', usesLeft: 1 }],
    rename: a('rename'),
    remove: a('remove'),
    leave: a('leave', 'A team needs an owner: make someone else an owner first.'),
    changeRole: a('changeRole'),
    removeMember: a('removeMember'),
    revokeInvite: a('revokeInvite'),
    createInvite: a('createInvite'),
    inviteLink: undefined,
    webhooks: {
      loading: false,
      events: ['Video ready', 'View milestone'],
      hooks: [{ id: 'h1', url: 'https://example.com/crew', events: ['Video ready'] }],
      create: { ...a('createWebhook'), dismiss: () => undefined },
      remove: a('removeWebhook'),
      sendTest: a('sendTest'),
      deliveries: {
        webhookId: 'h1',
        loading: false,
        rows: [{ id: 'd1', event: 'Test', status: 'delivered', attempts: 1, responseCode: 204, error: '' }],
        show: (id) => void (calls.showDeliveries ??= []).push([id]),
      },
    },
  };
}

const page = (
  team: OpenTeamProps | undefined,
  calls: Record<string, unknown[][]>,
  teams = [{ id: 't', name: 'Crew' }],
) => (
  <TeamPageView
    teams={teams}
    currentId="t"
    renderTeamLink={(id, props) => <a href={`/team?team=${id}`} {...props} />}
    createTeam={action((calls.createTeam = []))}
    team={team}
  />
);

describe('the team page', () => {
  it('Create team opens a dialog whose labelled name field has the focus', async () => {
    const calls: Record<string, unknown[][]> = {};
    render(page(undefined, calls, []));
    expect(screen.getByText(/not in a team yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    const field = within(screen.getByRole('dialog', { name: 'Create team' })).getByRole('textbox', {
      name: 'Team name',
    });
    expect(document.activeElement).toBe(field);
    await userEvent.keyboard('Crew{Enter}');
    expect(calls.createTeam!.map((c) => c[0])).toEqual(['Crew']);
  });

  it('an owner sees the members table, changes a role, removes after confirming, and revokes invites', async () => {
    const calls: Record<string, unknown[][]> = {};
    render(page(openTeam('owner', calls), calls));
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows[1]).toContain('Ann (you)ann@example.com');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Bob' }), 'admin');
    expect(calls.changeRole).toEqual([['bob', 'admin']]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Bob' }));
    expect(calls.removeMember).toEqual([]);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove member?' })).getByRole('button', { name: 'Remove' }),
    );
    expect(calls.removeMember!.map((c) => c[0])).toEqual(['bob']);
    await userEvent.click(screen.getByRole('button', { name: /^Revoke/ }));
    expect(calls.revokeInvite).toEqual([['i1']]);
    expect(screen.getByRole('button', { name: 'Delete team' })).toBeTruthy();
  });

  it('Leave team shows the server’s rule when the last owner tries', async () => {
    const calls: Record<string, unknown[][]> = {};
    render(page(openTeam('owner', calls), calls));
    await userEvent.click(screen.getByRole('button', { name: 'Leave team' }));
    expect(within(screen.getByRole('dialog', { name: 'Leave team?' })).getByRole('alert').textContent).toBe(
      'A team needs an owner: make someone else an owner first.',
    );
  });

  it('a member gets no role selects, no Remove, no Delete team and no invites', () => {
    const calls: Record<string, unknown[][]> = {};
    render(page(openTeam('member', calls), calls));
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create invite link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave team' })).toBeTruthy();
    // Nothing of the team's webhooks, even when handed them.
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).toBeNull();
    expect(screen.queryByText(/example\.com\/crew/)).toBeNull();
  });

  it('an admin sees the team’s webhooks with their deliveries, adds one, sends a test and deletes', async () => {
    const calls: Record<string, unknown[][]> = {};
    render(page(openTeam('admin', calls), calls));
    const section = screen.getByRole('region', { name: 'Webhooks' });
    expect(section.textContent).toContain('Crew’s videos');
    const list = within(section).getByRole('list', { name: 'Crew’s webhooks' });
    expect(within(list).getByText('https://example.com/crew')).toBeTruthy();
    const table = within(section).getByRole('table', { name: 'Latest deliveries' });
    expect(
      within(table)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['Test', 'delivered', '1', '204']);
    await userEvent.type(within(section).getByLabelText('Webhook URL'), 'https://example.com/new');
    await userEvent.click(within(section).getByRole('checkbox', { name: 'View milestone' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Add webhook' }));
    expect(calls.createWebhook!.map((c) => c.slice(0, 2))).toEqual([['https://example.com/new', ['View milestone']]]);
    await userEvent.click(
      within(section).getByRole('button', { name: 'Send a test delivery to https://example.com/crew' }),
    );
    expect(calls.sendTest).toEqual([['h1']]);
    await userEvent.click(within(section).getByRole('button', { name: 'Delete https://example.com/crew' }));
    expect(calls.removeWebhook).toEqual([['h1']]);
  });

  it('Create invite link sends the role, expiry and uses, and shows the link to copy', async () => {
    const calls: Record<string, unknown[][]> = {};
    const team = openTeam('admin', calls);
    const { rerender } = render(page(team, calls));
    expect(screen.queryByRole('option', { name: 'Owner' })).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Expires after' }), '30 days');
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Uses' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Uses' }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Create invite link' }));
    expect(calls.createInvite).toEqual([[{ role: 'admin', expireAfterSeconds: 30 * 86_400, maxUses: 5, email: '' }]]);
    const copied: string[] = [];
    rerender(
      <TeamPageView
        teams={[{ id: 't', name: 'Crew' }]}
        currentId="t"
        renderTeamLink={() => null}
        createTeam={action([])}
        team={{ ...team, inviteLink: 'http://x/invite/abc' }}
        copy={async (text) => void copied.push(text)}
      />,
    );
    expect((screen.getByRole('textbox', { name: 'Invite link' }) as HTMLInputElement).value).toBe(
      'http://x/invite/abc',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copied).toEqual(['http://x/invite/abc']);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });
});

describe('the invite page', () => {
  const base = { teamName: 'Crew', role: 'member' as const, join: action([]) };
  it('says which: expired, revoked, used up, unknown', () => {
    for (const [state, title] of [
      ['expired', 'This invite has expired'],
      ['revoked', 'This invite was revoked'],
      ['used-up', 'This invite has been used up'],
      ['unknown', 'This invite link does not exist'],
    ] as const) {
      render(<InvitePageView {...base} state={state} signedIn signIn={null} />);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(screen.queryByRole('button', { name: 'Join team' })).toBeNull();
      cleanup();
    }
  });

  it('signed out names the team and offers sign-in; signed in, Join team', async () => {
    render(<InvitePageView {...base} state="valid" signedIn={false} signIn={<a href="/login">Sign in</a>} />);
    expect(screen.getByRole('heading', { name: 'Join Crew' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    cleanup();
    const joins: unknown[][] = [];
    render(<InvitePageView {...base} join={action(joins)} state="valid" signedIn signIn={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Join team' }));
    expect(joins).toHaveLength(1);
  });
});

describe('the space switcher', () => {
  it('asks for the spaces when opened and chooses one', async () => {
    let opened = 0;
    const chosen: string[] = [];
    const props = {
      current: 'Personal',
      onOpen: () => void opened++,
      onChoose: (s: { id: string }) => void chosen.push(s.id),
    };
    const { rerender } = render(<SpaceSwitcher {...props} spaces={undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Space: Personal' }));
    expect(opened).toBe(1);
    expect(screen.getByText('Loading spaces…')).toBeTruthy();
    rerender(
      <SpaceSwitcher
        {...props}
        spaces={[
          { id: '', name: 'Personal' },
          { id: 't', name: 'Crew' },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Crew' }));
    expect(chosen).toEqual(['t']);
  });
});

describe('MoveToTeamDialog, once moved', () => {
  it('says where the videos went and closes with Done', async () => {
    const onDone = vi.fn();
    render(
      <MoveToTeamDialog
        title="Move to team"
        teams={[{ id: 't1', name: 'Crew' }]}
        current=""
        busy={false}
        error={undefined}
        onMove={vi.fn()}
        onCancel={vi.fn()}
        moved="Crew"
        onDone={onDone}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Move to team' });
    expect(within(dialog).getByRole('status').textContent).toBe('Moved to Crew.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledOnce();
  });
});
