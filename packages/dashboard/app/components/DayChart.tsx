import { useId } from "react";
import type { DayStats } from "../types.js";

/** Props of {@link DayChart}. */
export interface DayChartProps {
  title: string;
  days: DayStats[];
  metric: "signUps" | "signIns" | "failedSignIns";
  tone: "blue" | "green" | "red";
}

const WIDTH = 320;
const HEIGHT = 120;
const PAD_TOP = 8;
const PAD_BOTTOM = 18;

/** A round upper bound for the axis: 1, 2, 5, 10, 20, 50… */
function niceMax(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * magnitude) return step * magnitude;
  return 10 * magnitude;
}

/**
 * One metric per day as an inline SVG bar chart (no chart library). Screen readers get the title, a
 * summary and a <title> per bar; the same numbers are in a table below it.
 */
export function DayChart({ title, days, metric, tone }: DayChartProps) {
  const id = useId();
  const values = days.map((d) => d[metric]);
  const total = values.reduce((a, b) => a + b, 0);
  const max = niceMax(Math.max(0, ...values));
  const plot = HEIGHT - PAD_TOP - PAD_BOTTOM;
  const slot = days.length > 0 ? WIDTH / days.length : WIDTH;
  const bar = Math.max(1, slot * 0.7);
  const summary = `${total} in the last ${days.length} days, at most ${Math.max(0, ...values)} a day.`;
  return (
    <figure className="card chart" data-testid={`chart-${metric}`}>
      <figcaption>
        <h3 id={`${id}-title`}>{title}</h3>
        <span className="chart-total">{total.toLocaleString()}</span>
      </figcaption>
      <svg
        className={`chart-svg ${tone}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-svg-title ${id}-desc`}
      >
        <title id={`${id}-svg-title`}>{`${title} per day`}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line className="axis" x1={0} x2={WIDTH} y1={HEIGHT - PAD_BOTTOM} y2={HEIGHT - PAD_BOTTOM} />
        <line className="grid" x1={0} x2={WIDTH} y1={PAD_TOP} y2={PAD_TOP} />
        {days.map((d, i) => {
          const h = (d[metric] / max) * plot;
          return (
            <rect
              key={d.date}
              className="bar"
              x={i * slot + (slot - bar) / 2}
              y={HEIGHT - PAD_BOTTOM - h}
              width={bar}
              height={h}
            >
              <title>{`${d.date}: ${d[metric]}`}</title>
            </rect>
          );
        })}
        <text className="tick" x={2} y={PAD_TOP + 10}>
          {max}
        </text>
        {days.length > 0 && (
          <>
            <text className="tick" x={0} y={HEIGHT - 4}>
              {days[0]?.date.slice(5)}
            </text>
            <text className="tick" x={WIDTH} y={HEIGHT - 4} textAnchor="end">
              {days[days.length - 1]?.date.slice(5)}
            </text>
          </>
        )}
      </svg>
      <details className="chart-table">
        <summary>Show as table</summary>
        <table>
          <caption className="visually-hidden">{`${title} per day`}</caption>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{d.date}</td>
                <td className="num">{d[metric]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
