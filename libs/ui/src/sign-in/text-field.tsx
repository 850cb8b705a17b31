import { useEffect, useId, useRef, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** The message under the field; announced, and the field is focused, when it appears. */
  error?: string | null;
}

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby) and announced. */
export function TextField({ label, name, error, className, ...input }: TextFieldProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name={name}
        className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <p id={`${id}-error`} className="text-error min-h-5 text-sm" role="alert">
        {error ?? ''}
      </p>
    </div>
  );
}

type FieldProps = Omit<TextFieldProps, 'label' | 'name'>;

/** The email field of the sign-in screens. */
export const EmailField = (props: FieldProps) => (
  <TextField label="Email" name="email" type="email" autoComplete="email" {...props} />
);

/** A password field: the current one to sign in, by default. */
export const PasswordField = ({ label = 'Password', ...props }: FieldProps & { label?: string }) => (
  <TextField label={label} name="password" type="password" autoComplete="current-password" {...props} />
);
