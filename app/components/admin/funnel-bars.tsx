/**
 * A funnel drawn as SVG on the server: one horizontal bar per step, its length to scale with the
 * largest, its number beside it. Readable without JavaScript; the table after it holds the same numbers.
 */
// Narrow, so that a phone shows its words at a readable size; wider screens scale it up to the chart height.
const WIDTH = 420;
const ROW = 30;
const LABEL = 120;
const NUMBER = 50;

export function FunnelBars({ title, steps }: { title: string; steps: { label: string; value: number }[] }) {
  const max = Math.max(1, ...steps.map((s) => s.value));
  const span = WIDTH - LABEL - NUMBER;
  return (
    <figure className="admin-figure">
      <svg className="admin-chart" viewBox={`0 0 ${WIDTH} ${steps.length * ROW + 8}`} role="img" aria-label={title}>
        {steps.map((step, i) => {
          const y = 4 + i * ROW;
          const width = Math.max(step.value > 0 ? 2 : 0, (step.value / max) * span);
          return (
            <g key={step.label}>
              <text x={LABEL - 8} y={y + ROW / 2 + 4} fontSize="13" textAnchor="end" fill="#1f2933">
                {step.label}
              </text>
              <rect x={LABEL} y={y + 4} width={width} height={ROW - 8} rx="2" fill="#0072b2" />
              <text x={LABEL + width + 6} y={y + ROW / 2 + 4} fontSize="13" fill="#1f2933">
                {step.value}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
