/** A big number with its label and unit; '–' until the number is known. */
export interface ScreenStatProps {
  label: string;
  value?: number | string | null;
  unit?: string;
  testId?: string;
  color?: string;
}

export function ScreenStat({ label, value, unit, testId, color }: ScreenStatProps) {
  return (
    <div className="screen-stat" data-testid={testId}>
      <div className="screen-stat-value" style={color ? { color } : undefined}>
        <span className="screen-stat-number">{value === undefined || value === null ? '–' : value}</span>
        {unit ? <span className="screen-stat-unit">{unit}</span> : null}
      </div>
      <div className="screen-stat-label">{label}</div>
    </div>
  );
}
