import type { FormEvent } from 'react';

/** Reads a submitted form's text fields and stops the page from reloading. */
export function readForm(event: FormEvent<HTMLFormElement>): Record<string, string> {
  event.preventDefault();
  const values: Record<string, string> = {};
  new FormData(event.currentTarget).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}
