// The progress bar (docs/behaviour.md#player): a click seeks proportionally and resumes; hovering shows the time
// under the pointer. Keyboard: arrows seek by 5 s (it is a slider for assistive technology).
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { formatTime } from '@/rules/time';
import { text } from '@/shared/firstPageText';
import classes from './ProgressBar.module.css';

const KEY_STEP_S = 5;

export function ProgressBar({
  current,
  duration,
  onSeek,
}: {
  current: number;
  duration: number | null;
  onSeek: (fraction: number) => void;
}) {
  const [hover, setHover] = useState<{ x: number; fraction: number } | null>(null);
  const known = duration !== null && duration > 0;
  const fraction = known ? Math.min(current / duration, 1) : 0;

  const at = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = Math.min(Math.max(event.clientX - rect.left, 0), rect.width);
    return { x, fraction: rect.width > 0 ? x / rect.width : 0 };
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!known) return;
    const step = event.key === 'ArrowRight' ? KEY_STEP_S : event.key === 'ArrowLeft' ? -KEY_STEP_S : 0;
    if (step === 0) return;
    event.preventDefault();
    onSeek(Math.min(Math.max((current + step) / duration, 0), 1));
  };

  return (
    <div
      className={classes.bar}
      role="slider"
      tabIndex={0}
      aria-label={text.player.progress}
      aria-valuemin={0}
      aria-valuemax={known ? Math.floor(duration) : 0}
      aria-valuenow={Math.floor(current)}
      aria-valuetext={`${formatTime(current)} / ${formatTime(duration)}`}
      onClick={(event) => known && onSeek(at(event).fraction)}
      onMouseMove={(event) => setHover(at(event))}
      onMouseLeave={() => setHover(null)}
      onKeyDown={onKeyDown}
    >
      <div className={classes.track}>
        <div className={classes.fill} style={{ width: `${fraction * 100}%` }} />
      </div>
      {hover && known && (
        <span className={classes.tip} style={{ left: hover.x }} role="tooltip">
          {formatTime(hover.fraction * duration)}
        </span>
      )}
    </div>
  );
}
