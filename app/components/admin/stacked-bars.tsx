/**
 * A stacked bar chart drawn as SVG on the server: readable without JavaScript, and described for
 * screen readers by the table that follows it (the same numbers).
 */
export interface Series {
  key: string;
  label: string;
  color: string;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 10, bottom: 28, left: 34 };

export function StackedBars({
  title,
  days,
  series,
  values,
  dayLabel,
}: {
  title: string;
  days: string[];
  series: Series[];
  /** values[dayIndex][seriesKey] */
  values: Record<string, number>[];
  dayLabel: (date: string) => string;
}) {
  const totals = values.map((v) => series.reduce((sum, s) => sum + (v[s.key] ?? 0), 0));
  const max = Math.max(1, ...totals);
  // A round top for the axis: 1, 2, 5, 10, 20, 50…
  const step =
    [1, 2, 5]
      .flatMap((m) => [1, 10, 100, 1000].map((p) => m * p))
      .sort((a, b) => a - b)
      .find((s) => s * 4 >= max) ?? max;
  const top = step * 4;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = (WIDTH - PAD.left) / Math.max(1, days.length);
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  return (
    <figure className="admin-figure">
      <svg className="admin-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        {[0, 1, 2, 3, 4].map((i) => (
          <g key={i}>
            <line x1={PAD.left} x2={WIDTH} y1={y(i * step)} y2={y(i * step)} stroke="#d9e2ec" />
            <text x={PAD.left - 6} y={y(i * step) + 4} fontSize="11" textAnchor="end" fill="#4b5563">
              {i * step}
            </text>
          </g>
        ))}
        {days.map((date, d) => {
          let base = 0;
          const x = PAD.left + d * slot + (slot - barW) / 2;
          return (
            <g key={date}>
              {series.map((s) => {
                const v = values[d][s.key] ?? 0;
                if (!v) return null;
                const rect = <rect key={s.key} x={x} width={barW} y={y(base + v)} height={y(base) - y(base + v)} fill={s.color} />;
                base += v;
                return rect;
              })}
              {d % 5 === 0 || d === days.length - 1 ? (
                <text x={x + barW / 2} y={HEIGHT - 10} fontSize="11" textAnchor="middle" fill="#4b5563">
                  {dayLabel(date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="admin-legend">
          {series.map((s) => (
            <li key={s.key}>
              <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
                <rect width="12" height="12" rx="2" fill={s.color} />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
