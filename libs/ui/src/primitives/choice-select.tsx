// A choice among a few typed values, as a small select or as radio buttons. One module for both:
// a module of its own becomes a chunk of its own, whose name the first page's preload map carries.

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

export interface RadioChoice<T extends string> extends SelectOption<T> {
  /** A line under the label saying what the choice means. */
  hint?: string;
}

/**
 * One radio button per choice, each in its label, handing `onChange` the chosen value, typed. The
 * caller groups them (a fieldset with its legend) and names the group with `name`.
 */
export function RadioChoices<T extends string>(props: {
  name: string;
  value: T;
  choices: readonly RadioChoice<T>[];
  onChange: (value: T) => void;
}) {
  return props.choices.map((choice) => (
    <label key={choice.value} className="flex cursor-pointer items-start gap-2">
      <input
        type="radio"
        name={props.name}
        className="radio radio-sm mt-0.5"
        value={choice.value}
        checked={props.value === choice.value}
        onChange={() => props.onChange(choice.value)}
      />
      {choice.hint === undefined ? (
        choice.label
      ) : (
        <span className="flex flex-col">
          <span>{choice.label}</span>
          <span className="text-xs text-base-content/60">{choice.hint}</span>
        </span>
      )}
    </label>
  ));
}
