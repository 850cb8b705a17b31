import { SignInCard } from './sign-in-card';
import { FormError } from '../primitives';

export type ProviderChoice = 'google' | 'facebook' | 'email' | 'phone';

export interface ProviderChoiceScreenProps {
  providers?: ProviderChoice[];
  onSelect: (provider: ProviderChoice) => void;
  busy?: boolean;
  error?: string | null;
}

const LABELS: Record<ProviderChoice, string> = {
  google: 'Sign in with Google',
  facebook: 'Sign in with Facebook',
  email: 'Sign in with email',
  phone: 'Sign in with phone',
};

const STYLES: Record<ProviderChoice, string> = {
  google: 'btn bg-white text-black border-[#e5e5e5]',
  facebook: 'btn bg-[#1A77F2] text-white border-[#005fd8]',
  email: 'btn bg-[#db4437] text-white border-[#c23321]',
  phone: 'btn bg-[#02bd7e] text-white border-[#00a36d]',
};

/** The first screen: one button per provider (`mode=select`). */
export function ProviderChoiceScreen({
  providers = ['google', 'facebook', 'email', 'phone'],
  onSelect,
  busy,
  error,
}: ProviderChoiceScreenProps) {
  return (
    <SignInCard title="Sign in" busy={busy}>
      <div className="flex flex-col gap-3">
        {providers.map((provider, index) => (
          <button
            key={provider}
            type="button"
            className={`${STYLES[provider]} w-full`}
            disabled={busy}
            autoFocus={index === 0}
            onClick={() => onSelect(provider)}
          >
            {LABELS[provider]}
          </button>
        ))}
      </div>
      <FormError banner message={error} />
    </SignInCard>
  );
}
