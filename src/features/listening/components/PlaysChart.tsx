// 我的统计's bars: plays per day, month or year, drawn as SVG in the theme's colours (light and
// dark alike) and scaled to the page's width; the numbers are also a table for screen readers.
import classes from './PlaysChart.module.css';

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 18;
/** room at each side for the first and last bar's names */
const SIDE = 16;

export function PlaysChart({ bars, title }: { bars: readonly { label: string; plays: number }[]; title: string }) {
  const most = Math.max(1, ...bars.map((bar) => bar.plays));
  const step = (WIDTH - 2 * SIDE) / Math.max(1, bars.length);
  // thirty bars: every fifth day and the last are named, fewer: each
  const named = (i: number) => bars.length <= 12 || i % 5 === (bars.length - 1) % 5;
  return (
    <figure style={{ margin: 0 }}>
      <svg className={classes.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} aria-hidden="true" focusable="false">
        {bars.map((bar, i) => {
          const height = (bar.plays / most) * HEIGHT;
          return (
            <g key={bar.label}>
              <rect
                className={classes.bar}
                x={SIDE + i * step + step * 0.15}
                y={HEIGHT - height}
                width={step * 0.7}
                height={Math.max(height, bar.plays > 0 ? 1 : 0)}
                rx={2}
              />
              {named(i) && (
                <text className={classes.label} x={SIDE + i * step + step / 2} y={HEIGHT + 13} textAnchor="middle">
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className={classes.hidden}>
        <caption>{title}</caption>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row">{bar.label}</th>
              <td>{bar.plays}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
