import { type InputHTMLAttributes, useState } from 'react';

export interface NumberFieldProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** Answers why a value that reads is refused, or undefined to take it. */
  accept?: (value: number) => string | undefined;
}

interface NumberFieldFormat {
  /** The number a typed text means; undefined when it does not read. */
  parse: (text: string) => number | undefined;
  format: (value: number) => string;
  /** What is said under the field when the text does not read. */
  unreadable: string;
  /** The label's width and the input's type, step or input mode. */
  width: string;
  input: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'step' | 'inputMode' | 'className'>;
}

/**
 * A number typed as text the field's `parse` reads. Shows the value it is given until edited; applied
 * on Enter or leaving the field. A text that does not read, or a value `accept` refuses, is reported
 * under the field and not applied.
 */
export function NumberField({
  label,
  value,
  onChange,
  accept,
  parse,
  format,
  unreadable,
  width,
  input,
}: NumberFieldProps & NumberFieldFormat) {
  const [draft, setDraft] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const apply = () => {
    if (draft === undefined) return;
    const typed = parse(draft);
    const refusal = typed === undefined ? unreadable : accept?.(typed);
    setProblem(refusal);
    if (typed === undefined || refusal) return;
    setDraft(undefined);
    onChange(typed);
  };
  return (
    <label className={`flex ${width} flex-col gap-1`}>
      <span className="text-sm">{label}</span>
      <input
        {...input}
        className={`input input-sm ${input.className ?? ''} ${problem ? 'input-error' : ''}`}
        value={draft ?? format(value)}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
      {problem && <span className="text-xs text-error">{problem}</span>}
    </label>
  );
}
