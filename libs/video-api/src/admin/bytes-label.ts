/** Bytes as people read them, in decimal units (1 MB = 1,000,000 bytes, as quotas are set). */
export function bytesLabel(bytes: number | bigint): string {
  const value = Number(bytes);
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let unit = 0;
  let shown = value;
  while (shown >= 1000 && unit < units.length - 1) {
    shown /= 1000;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${shown.toFixed(shown < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A quota typed in MB (decimal, may be fractional) as bytes; undefined when it is not a number ≥ 0. */
export function megabytesToBytes(text: string): bigint | undefined {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return BigInt(Math.round(Number(trimmed) * 1_000_000));
}
