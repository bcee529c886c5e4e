// 已保存到本机 on an album tile: every track of the album kept on this device, or 部分已保存到本机
// when some are (what plays offline, seen from the album wall).
import { IconCircleCheck, IconCircleDashedCheck } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { text } from '@/shared/text';
import type { AlbumInfo } from '@/shared/types';
import { useKeeping } from '../context';
import { keptInAlbum } from '../viewSelectors';
import { Mark } from './KeptMark';

export function KeptAlbumMark({ album }: { album: AlbumInfo }) {
  const kept = useSelector(useKeeping(), keptInAlbum(album.albumId));
  if (kept === 0) return null;
  const all = kept >= album.discs.reduce((n, disc) => n + disc.tracks.length, 0);
  const label = all ? text.offline.kept : text.offline.partlyKept;
  const Icon = all ? IconCircleCheck : IconCircleDashedCheck;
  return (
    <Mark label={label} color="var(--mantine-color-teal-6)">
      <Icon size={14} aria-hidden />
    </Mark>
  );
}
