// A track row's part in keeping: 已保存到本机 when the track is kept on this device, a ring with the
// percent that arrived while it downloads, a clock while it waits in the queue. A kept track's row
// on screen is a click away from playing it: the mark has it read ahead, so the click waits on no store.
import { useEffect, type ReactNode } from 'react';
import { IconCircleCheck, IconClock } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { text } from '@/shared/text';
import type { TrackIdentity } from '@/shared/track';
import { Tip } from '@/ui/Tip';
import { useKeeping, useReadKeptAhead } from '../context';
import { rowKeeping } from '../viewSelectors';

export function KeptMark({ track }: { track: TrackIdentity }) {
  const state = useSelector(useKeeping(), rowKeeping(track));
  const kept = state === 'kept';
  const readAhead = useReadKeptAhead();
  useEffect(() => {
    if (kept) readAhead(track);
  }, [kept, readAhead, track]);
  if (state === null) return null;
  if (kept) {
    return (
      <Mark label={text.offline.kept} color="var(--mantine-color-teal-6)">
        <IconCircleCheck size={16} aria-hidden />
      </Mark>
    );
  }
  if (state === 'queued') {
    return (
      <Mark label={text.offline.queued} color="var(--mantine-color-dimmed)">
        <IconClock size={16} aria-hidden />
      </Mark>
    );
  }
  const percent = state === 'downloading' ? null : state;
  return (
    <Mark label={text.offline.downloading(percent)} color="var(--mantine-primary-color-filled)">
      <Ring percent={percent} />
    </Mark>
  );
}

/** a mark of keeping on a row or a tile: an icon named by its label, shown as a tip */
export function Mark({ label, color, children }: { label: string; color: string; children: ReactNode }) {
  return (
    <Tip label={label}>
      <span
        role="img"
        aria-label={label}
        style={{ display: 'inline-flex', alignItems: 'center', flexShrink: 0, color }}
      >
        {children}
      </span>
    </Tip>
  );
}

const RADIUS = 6;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** the part that arrived, as a ring; a quarter ring when the size is not known */
function Ring({ percent }: { percent: number | null }) {
  const filled = ((percent ?? 25) / 100) * CIRCUMFERENCE;
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden>
      <circle cx={8} cy={8} r={RADIUS} fill="none" stroke="currentColor" strokeOpacity={0.25} strokeWidth={2} />
      <circle
        cx={8}
        cy={8}
        r={RADIUS}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeDasharray={`${filled} ${CIRCUMFERENCE}`}
        transform="rotate(-90 8 8)"
        strokeLinecap="round"
      />
    </svg>
  );
}
