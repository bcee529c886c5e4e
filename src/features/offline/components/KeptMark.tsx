// 已保存到本机 on a track row: a small mark when the track is kept on this device. A kept track's row
// on screen is a click away from playing it: the mark has it read ahead, so the click waits on no store.
import { useEffect } from 'react';
import { IconCircleCheck } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { text } from '@/shared/text';
import type { TrackIdentity } from '@/shared/track';
import { Tip } from '@/ui/Tip';
import { useKeeping, useReadKeptAhead } from '../context';
import { isKept } from '../selectors';

export function KeptMark({ track }: { track: TrackIdentity }) {
  const kept = useSelector(useKeeping(), isKept(track));
  const readAhead = useReadKeptAhead();
  useEffect(() => {
    if (kept) readAhead(track);
  }, [kept, readAhead, track]);
  if (!kept) return null;
  return (
    <Tip label={text.offline.kept}>
      <span role="img" aria-label={text.offline.kept} style={{ display: 'inline-flex', alignItems: 'center', color: 'var(--mantine-color-teal-6)' }}>
        <IconCircleCheck size={16} aria-hidden />
      </span>
    </Tip>
  );
}
