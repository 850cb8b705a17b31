export interface LevelMeterProps {
  /** 0 (silence) to 1 (loud). */
  level: number;
  label?: string;
}

/** The microphone's loudness, live. */
export function LevelMeter({ level, label = 'Microphone level' }: LevelMeterProps) {
  const value = Math.round(Math.min(1, Math.max(0, level)) * 100);
  return (
    <meter
      className="h-3 w-40"
      aria-label={label}
      min={0}
      max={100}
      low={10}
      high={85}
      optimum={50}
      value={value}
      data-level={value}
    />
  );
}
