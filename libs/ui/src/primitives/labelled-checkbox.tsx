/** A small checkbox with its label after it; `onChange` gets whether it is checked. */
export function LabelledCheckbox(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Extra classes of the label, e.g. a text size. */
  className?: string;
}) {
  return (
    <label className={props.className ? `flex items-center gap-2 ${props.className}` : 'flex items-center gap-2'}>
      <input
        type="checkbox"
        className="checkbox checkbox-sm rounded-sm"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      {props.label}
    </label>
  );
}
