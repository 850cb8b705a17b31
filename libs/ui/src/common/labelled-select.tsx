import { ChoiceSelect, type SelectOption } from './choice-select';

export type { SelectOption } from './choice-select';

/** A small select with its label above it, as the recorder's settings and the invite form line them up. */
export function LabelledSelect<T extends string>(props: {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  /** Extra classes of the select, e.g. a width. */
  className?: string;
}) {
  const { label, ...select } = props;
  return (
    <label className="flex flex-col gap-1">
      <span>{label}</span>
      <ChoiceSelect {...select} />
    </label>
  );
}
