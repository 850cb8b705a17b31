import { NumberField, type NumberFieldProps } from './number-field';
import { formatTimecode, parseTimecode } from '../primitives';

/** A time in seconds, typed as m:ss or m:ss.s. */
export function TimeField({ seconds, ...props }: Omit<NumberFieldProps, 'value'> & { seconds: number }) {
  return (
    <NumberField
      {...props}
      value={seconds}
      parse={parseTimecode}
      format={formatTimecode}
      unreadable="Use m:ss or m:ss.s, e.g. 1:05.5"
      width="w-32"
      input={{ inputMode: 'decimal', className: 'font-mono' }}
    />
  );
}
