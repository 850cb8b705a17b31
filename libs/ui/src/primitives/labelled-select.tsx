import { ChoiceSelect, type SelectOption } from './choice-select';

export type { SelectOption } from './choice-select';

/**
 * A small select with its label above it, as the recorder's settings and the invite form line them
 * up, or `beside` it, as the library's toolbar does.
 */
export function LabelledSelect<T extends string>(props: {
  label: string;
  beside?: boolean;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  /** Extra classes of the select, e.g. a width. */
  className?: string;
}) {
  const { label, beside = false, ...select } = props;
  return (
    <label className={beside ? 'flex items-center gap-2 text-sm' : 'flex flex-col gap-1'}>
      <span>{label}</span>
      <ChoiceSelect {...select} />
    </label>
  );
}
