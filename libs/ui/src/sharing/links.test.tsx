import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallToActionForm } from './call-to-action-form';
import { ShareLinksPanel, type ShareLinkRow } from './share-links-panel';

afterEach(cleanup);

const main: ShareLinkRow = {
  id: 'main',
  name: '',
  url: 'https://s.test/s/a',
  hasPassword: false,
  emailGate: false,
  viewCount: 0,
};
const dana: ShareLinkRow = {
  id: 'l-1',
  name: 'Dana',
  url: 'https://s.test/s/b',
  hasPassword: true,
  emailGate: false,
  viewCount: 2,
};

describe('ShareLinksPanel', () => {
  const setup = () => {
    const calls = { create: vi.fn(), password: vi.fn(), email: vi.fn(), revoke: vi.fn() };
    render(
      <ShareLinksPanel
        links={[main, dana]}
        onCreate={calls.create}
        onSetPassword={calls.password}
        onSetEmailGate={calls.email}
        onRevoke={calls.revoke}
      />,
    );
    return { user: userEvent.setup(), calls };
  };

  it('names no field "… link": the share dialog finds its address as the one textbox named Link', () => {
    setup();
    const fields = screen.queryAllByLabelText(/link/i).filter((element) => element.tagName === 'INPUT');
    expect(fields).toEqual([]);
  });

  it('lists the main link and named ones with their views, and changes each gate', async () => {
    const { user, calls } = setup();
    const mainItem = screen.getByRole('listitem', { name: 'Main link' });
    const danaItem = screen.getByRole('listitem', { name: 'For Dana' });
    expect(danaItem.textContent).toContain('2 views');
    expect((within(danaItem).getByRole('textbox', { name: 'Address for Dana' }) as HTMLInputElement).value).toBe(
      'https://s.test/s/b',
    );
    expect(within(mainItem).queryByRole('button', { name: 'Revoke' })).toBeNull();

    await user.type(within(mainItem).getByLabelText('Password for everyone'), 'sesame');
    await user.click(within(mainItem).getByRole('button', { name: 'Set password' }));
    expect(calls.password).toHaveBeenCalledWith('main', 'sesame');
    await user.click(within(mainItem).getByRole('checkbox', { name: /email/ }));
    expect(calls.email).toHaveBeenCalledWith('main', true);
    await user.click(within(danaItem).getByRole('button', { name: 'Remove password' }));
    expect(calls.password).toHaveBeenCalledWith('l-1', '');
    await user.click(within(danaItem).getByRole('button', { name: 'Revoke' }));
    expect(calls.revoke).toHaveBeenCalledWith('l-1');
  });

  it('makes a named link only with a name', async () => {
    const { user, calls } = setup();
    const make = screen.getByRole('button', { name: 'Make link' });
    expect((make as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Name of the recipient'), '  Sam ');
    await user.type(screen.getByLabelText('Password (optional)'), 'pw');
    await user.click(screen.getAllByRole('checkbox', { name: /email/ }).at(-1)!);
    await user.click(make);
    expect(calls.create).toHaveBeenCalledWith({ name: 'Sam', password: 'pw', emailGate: true });
  });
});

describe('CallToActionForm', () => {
  it('saves the label, link and placement, and removes the button', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const onRemove = vi.fn();
    render(
      <CallToActionForm
        current={{ label: 'Old', url: 'https://old.test', placement: 'end' }}
        onSave={onSave}
        onRemove={onRemove}
        error="The button’s link must be a full http:// or https:// address"
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('https://');
    const label = screen.getByLabelText('Button label');
    await user.clear(label);
    await user.type(label, 'Book a call');
    const url = screen.getByLabelText('Button URL');
    await user.clear(url);
    await user.type(url, 'https://example.com/book');
    await user.selectOptions(screen.getByLabelText('Show the button'), 'throughout');
    await user.click(screen.getByRole('button', { name: 'Save button' }));
    expect(onSave).toHaveBeenCalledWith({
      label: 'Book a call',
      url: 'https://example.com/book',
      placement: 'throughout',
    });
    await user.click(screen.getByRole('button', { name: 'Remove button' }));
    expect(onRemove).toHaveBeenCalled();
  });
});

describe('a named link', () => {
  it('has its own Copy, which puts its address on the clipboard', async () => {
    const user = userEvent.setup();
    render(
      <ShareLinksPanel
        links={[main, dana]}
        onCreate={vi.fn()}
        onSetPassword={vi.fn()}
        onSetEmailGate={vi.fn()}
        onRevoke={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Copy the link for Dana' }));
    expect(await navigator.clipboard.readText()).toBe('https://s.test/s/b');
    expect(screen.getByRole('button', { name: 'Copied the link for Dana' })).toBeTruthy();
  });

  it('asks for the email with a square checkbox (daisyUI rounds a small one into a circle)', () => {
    render(
      <ShareLinksPanel
        links={[main]}
        onCreate={vi.fn()}
        onSetPassword={vi.fn()}
        onSetEmailGate={vi.fn()}
        onRevoke={vi.fn()}
      />,
    );
    for (const box of screen.getAllByRole('checkbox')) {
      expect(box.classList.contains('checkbox')).toBe(true);
      expect(box.classList.contains('checkbox-xs')).toBe(false);
      expect(box.classList.contains('rounded-sm')).toBe(true);
    }
  });
});
