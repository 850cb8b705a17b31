import { useState } from 'react';
import type { AdminAction } from './admin-types';
import { FormError } from '../primitives';

export interface BrandingValues {
  productName: string;
  logoUrl: string;
  accentColor: string;
}

export interface BrandingFormProps extends AdminAction {
  /** The saved branding; give the form a `key` of it, it starts from it. */
  saved: BrandingValues;
  submit(branding: BrandingValues): void;
}

/** The instance's product name, logo and accent colour (watch pages, embeds, mails). */
export function BrandingForm({ saved, submit, busy, error }: BrandingFormProps) {
  const [values, setValues] = useState(saved);
  const field = (name: keyof BrandingValues) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit(values);
      }}
    >
      <label className="flex flex-col gap-1">
        <span>Product name</span>
        <input className="input" maxLength={40} required {...field('productName')} />
      </label>
      <label className="flex flex-col gap-1">
        <span>Logo address (https://…)</span>
        <input className="input" type="url" placeholder="https://example.com/logo.png" {...field('logoUrl')} />
      </label>
      <label className="flex flex-col gap-1">
        <span>Accent colour (#rrggbb)</span>
        <input className="input w-40" placeholder="#0b7285" {...field('accentColor')} />
      </label>
      <FormError message={error} />
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        Save branding
      </button>
    </form>
  );
}
