export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

/** A small select with its label above it, as the recorder's settings and the invite form line them up. */
export function LabelledSelect<T extends string>(props: {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  /** Extra classes of the select, e.g. a width. */
  className?: string;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span>{props.label}</span>
      <select
        className={props.className ? `select select-sm ${props.className}` : 'select select-sm'}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value as T)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
