import { useId } from 'react';
import { FormActions, FormCard } from './form-card';
import { TextField } from './text-field';

export interface CountryOption {
  iso: string;
  name: string;
  dialCode: string;
}

export function PhoneNumberScreen({
  busy,
  error,
  countries,
  defaultCountry,
  onSubmit,
  onCancel,
}: {
  busy?: boolean;
  error?: string | null;
  countries: readonly CountryOption[];
  defaultCountry: string;
  onSubmit: (values: { country: string; phoneNumber: string }) => void;
  onCancel: () => void;
}) {
  const countryId = useId();
  return (
    <FormCard
      title="Sign in with phone"
      busy={busy}
      onValues={(values) =>
        onSubmit({ country: values.country ?? defaultCountry, phoneNumber: values.phoneNumber ?? '' })
      }
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={countryId} className="text-sm font-medium">
          Country
        </label>
        <select id={countryId} name="country" className="select w-full" defaultValue={defaultCountry}>
          {countries.map((country) => (
            <option key={country.iso} value={country.iso}>
              {country.name} (+{country.dialCode})
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Phone number"
        name="phoneNumber"
        type="tel"
        autoComplete="tel-national"
        autoFocus
        error={error}
      />
      <FormActions busy={busy} onCancel={onCancel} submit="Verify" />
    </FormCard>
  );
}

export function PhoneCodeScreen({
  busy,
  error,
  phoneNumber,
  secondsLeft,
  countdownText,
  verified = false,
  onSubmit,
  onResend,
  onChangeNumber,
}: {
  busy?: boolean;
  error?: string | null;
  phoneNumber: string;
  /** Seconds before the code can be sent again; "Resend" shows at 0. */
  secondsLeft: number;
  /** The countdown as read, e.g. "0:15". */
  countdownText: string;
  /** The code was accepted: "Verified!" shows during the pause before leaving. */
  verified?: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onChangeNumber: () => void;
}) {
  return (
    <FormCard
      title="Verify your phone number"
      busy={busy}
      intro={
        <p>
          Enter the 6-digit code we sent to <strong>{phoneNumber}</strong>{' '}
          <button type="button" className="btn btn-link btn-sm px-0" onClick={onChangeNumber} disabled={busy}>
            Change phone number
          </button>
        </p>
      }
      onValues={(values) => onSubmit(values.code ?? '')}
    >
      <TextField
        label="6-digit code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        error={error}
      />
      <p aria-live="polite" className="text-sm">
        {verified ? (
          <span className="text-success font-semibold">Verified!</span>
        ) : secondsLeft > 0 ? (
          <span>Resend code in {countdownText}</span>
        ) : (
          <button type="button" className="btn btn-link btn-sm px-0" onClick={onResend} disabled={busy}>
            Resend
          </button>
        )}
      </p>
      <FormActions busy={busy} submit="Continue" submitDisabled={verified} />
    </FormCard>
  );
}
