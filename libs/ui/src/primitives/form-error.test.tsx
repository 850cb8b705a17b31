import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormError } from './form-error';

afterEach(cleanup);

describe('FormError', () => {
  it("under a form's fields: nothing without a message, then the message announced", () => {
    const { container, rerender } = render(<FormError message={undefined} />);
    expect(container.innerHTML).toBe('');
    rerender(<FormError message="Give the folder a name." />);
    expect(screen.getByRole('alert').textContent).toBe('Give the folder a name.');
  });

  it("a whole screen's error: the live region waits in the page, empty, until the message comes", () => {
    const { rerender } = render(<FormError banner message={null} />);
    expect(screen.getByRole('alert').textContent).toBe('');
    rerender(<FormError banner message="That email address isn't correct" />);
    expect(screen.getByRole('alert').textContent).toBe("That email address isn't correct");
    expect(screen.getByRole('alert').getAttribute('aria-live')).toBe('assertive');
  });
});
