import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PercentField } from './percent-field';
import { TimeField } from './time-field';

afterEach(cleanup);

describe('the typed number fields', () => {
  it('a percent field applies a number on Enter, and says why an empty or refused one is not applied', async () => {
    const onChange = vi.fn();
    render(
      <PercentField label="Width" value={12.345} onChange={onChange} accept={(v) => (v > 0 ? undefined : 'Above 0')} />,
    );
    const field = screen.getByLabelText('Width') as HTMLInputElement;
    expect(field.value).toBe('12.3');
    await userEvent.clear(field);
    fireEvent.blur(field);
    expect(screen.getByText('Type a number of percent, e.g. 25')).toBeTruthy();
    await userEvent.type(field, '0{Enter}');
    expect(screen.getByText('Above 0')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(field);
    await userEvent.type(field, '25{Enter}');
    expect(onChange.mock.calls).toEqual([[25]]);
    expect(screen.queryByText('Above 0')).toBeNull();
  });

  it('a time field shows m:ss and applies a typed time when the field is left', async () => {
    const onChange = vi.fn();
    render(<TimeField label="Start" seconds={65.5} onChange={onChange} />);
    const field = screen.getByLabelText('Start') as HTMLInputElement;
    expect(field.value).toBe('1:05.5');
    await userEvent.clear(field);
    await userEvent.type(field, '0:07');
    fireEvent.blur(field);
    expect(onChange.mock.calls).toEqual([[7]]);
  });
});
