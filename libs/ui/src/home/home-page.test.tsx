import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HomePage } from './home-page';

afterEach(cleanup);

describe('the home page', () => {
  it('welcomes, offers Start Recording to /record, and shows the four feature cards', () => {
    render(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Stream' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Recording' }).getAttribute('href')).toBe('/record');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Quick Recording',
      'Easy Sharing',
      'Organised Library',
      'Basic Editing',
    ]);
  });

  it('says the link is ready when recording stops, not "share it when you are ready"', () => {
    render(<HomePage />);
    const welcome = screen.getByRole('heading', { level: 1 }).nextElementSibling!.textContent!;
    expect(welcome).toMatch(/Its link is ready the moment you stop, and you choose who can watch\./);
    expect(welcome).not.toMatch(/when you are ready/);
  });
});
