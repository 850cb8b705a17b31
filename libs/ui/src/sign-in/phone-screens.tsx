import { useId } from 'react';
import { readForm } from './form-data';
import { SignInCard } from './sign-in-card';
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
    <SignInCard title="Sign in with phone" busy={busy}>
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          const values = readForm(event);
          onSubmit({ country: values.country ?? defaultCountry, phoneNumber: values.phoneNumber ?? '' });
        }}
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
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Verify
          </button>
        </div>
      </form>
    </SignInCard>
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
    <SignInCard title="Verify your phone number" busy={busy}>
      <p>
        Enter the 6-digit code we sent to <strong>{phoneNumber}</strong>{' '}
        <button type="button" className="btn btn-link btn-sm px-0" onClick={onChangeNumber} disabled={busy}>
          Change phone number
        </button>
      </p>
      <form noValidate className="flex flex-col gap-2" onSubmit={(event) => onSubmit(readForm(event).code ?? '')}>
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
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={busy || verified}>
            Continue
          </button>
        </div>
      </form>
    </SignInCard>
  );
}
