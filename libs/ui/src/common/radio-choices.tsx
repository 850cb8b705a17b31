import type { SelectOption } from './choice-select';

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
