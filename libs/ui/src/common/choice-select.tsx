export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A small select over `options` that hands `onChange` the chosen value, typed. The caller labels
 * it: a label around it, or one naming its `id`.
 */
export function ChoiceSelect<T extends string>(props: {
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  id?: string;
  disabled?: boolean;
  /** Extra classes of the select, e.g. a width. */
  className?: string;
}) {
  return (
    <select
      id={props.id}
      className={props.className ? `select select-sm ${props.className}` : 'select select-sm'}
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.currentTarget.value as T)}
    >
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
