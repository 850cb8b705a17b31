import { useState } from 'react';
import type { AdminAction, SignUpModeLabel } from './admin-types';
import { FormError, RadioChoices, type RadioChoice } from '../primitives';

export interface SignUpPolicyFormProps extends AdminAction {
  /** Undefined while it loads. */
  mode?: SignUpModeLabel | undefined;
  domains: string[];
  submit(mode: SignUpModeLabel, domains: string): void;
}

const choices: RadioChoice<SignUpModeLabel>[] = [
  { value: 'open', label: 'Open: anyone who can sign in' },
  { value: 'invite-only', label: 'Invite only: people accepting a team invite' },
  { value: 'domains', label: 'Only these email domains' },
];

/** Who may make an account on their first sign-in (admins always may). Give it a `key` of the saved policy: it starts from it. */
export function SignUpPolicyForm({ mode, domains, submit, busy, error }: SignUpPolicyFormProps) {
  const [chosen, setChosen] = useState<SignUpModeLabel>(mode ?? 'open');
  const [domainText, setDomainText] = useState(domains.join(', '));
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit(chosen, domainText);
      }}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">Who may sign up</legend>
        <RadioChoices name="sign-up-mode" value={chosen} choices={choices} onChange={setChosen} />
      </fieldset>
      {chosen === 'domains' ? (
        <label className="flex flex-col gap-1">
          <span>Email domains (comma-separated)</span>
          <input
            className="input"
            value={domainText}
            placeholder="example.com, example.org"
            onChange={(event) => setDomainText(event.target.value)}
          />
        </label>
      ) : null}
      <FormError message={error} />
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        Save sign-up policy
      </button>
    </form>
  );
}
