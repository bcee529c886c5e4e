// 保存到本机 / 移除本机副本 in a track row's More menu: the dialog to keep one track on this device, or its copy removed.
import { useSelector } from '@xstate/react';
import type { Quality } from '@/shared/constants';
import { text } from '@/shared/text';
import { trackInfoOf, type TrackInfo } from '@/shared/track';
import { RowMenuItem } from '@/ui/RowMenu';
import { useKeeping } from '../context';
import { isKept } from '../selectors';

export function KeepMenuItem({ track, quality }: { track: TrackInfo; quality: Quality }) {
  const keeping = useKeeping();
  const kept = useSelector(keeping, isKept(track));
  const canRemove = useSelector(keeping, (snapshot) => snapshot.can({ type: 'REMOVE', tracks: [] }));
  if (kept) {
    return (
      <RowMenuItem disabled={!canRemove} onClick={() => keeping.send({ type: 'REMOVE', tracks: [trackInfoOf(track)] })}>
        {text.offline.remove}
      </RowMenuItem>
    );
  }
  return (
    <RowMenuItem onClick={() => keeping.send({ type: 'PLAN', tracks: [trackInfoOf(track)], quality })}>
      {text.offline.keep}
    </RowMenuItem>
  );
}
