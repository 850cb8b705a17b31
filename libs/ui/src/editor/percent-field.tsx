import { NumberField, type NumberFieldProps } from './number-field';

const readPercent = (text: string) => {
  const number = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(number) ? number : undefined;
};

/** A place on the frame in percent (0-100), typed; shown to a tenth. */
export function PercentField(props: NumberFieldProps) {
  return (
    <NumberField
      {...props}
      parse={readPercent}
      format={(value) => String(Math.round(value * 10) / 10)}
      unreadable="Type a number of percent, e.g. 25"
      width="w-24"
      input={{ type: 'number', step: 'any' }}
    />
  );
}
