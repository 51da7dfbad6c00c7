/**
 * Views per day as small bars (SVG, scaled to the busiest day). The chart
 * is a picture of numbers the dialog also gives as text (the totals and the
 * "Daily figures" table), so its accessible name sums it up in one sentence.
 */
import type { InsightsDay } from '../../shared/contract/insights.ts';
import { dayLabel } from './day-label.ts';

const WIDTH = 300;
const HEIGHT = 80;

export function InsightsChart({ days }: { days: readonly InsightsDay[] }) {
  const most = Math.max(0, ...days.map((day) => day.views));
  const busiest = days.find((day) => day.views === most && most > 0);
  const step = WIDTH / Math.max(1, days.length);
  const summary = busiest
    ? `Views per day over the last ${days.length} days; the busiest day was ${dayLabel(busiest.date)} with ${most}.`
    : `No views in the last ${days.length} days.`;
  return (
    <figure className="insights__chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 2}`} role="img" aria-label={summary} preserveAspectRatio="none">
        <line x1="0" x2={WIDTH} y1={HEIGHT + 1} y2={HEIGHT + 1} className="insights__axis" />
        {days.map((day, i) => {
          const height = most ? Math.max(day.views ? 2 : 0, (day.views / most) * HEIGHT) : 0;
          return (
            <rect
              key={day.date}
              x={i * step + step * 0.15}
              width={step * 0.7}
              y={HEIGHT - height}
              height={height}
              rx="1"
              className="insights__bar"
            >
              <title>{`${dayLabel(day.date)}: ${day.views} views`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption aria-hidden="true">
        <span>{days[0] ? dayLabel(days[0].date) : ''}</span>
        <span>Views per day</span>
        <span>{days.length ? dayLabel(days[days.length - 1]!.date) : ''}</span>
      </figcaption>
    </figure>
  );
}
