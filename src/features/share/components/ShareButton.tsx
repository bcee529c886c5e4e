// 分享 (docs/behaviour.md#album-page, #other-pages): opens the share wizard for a list's tracks. The dialog loads with the click.
import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import type { PlaylistCover } from '@/shared/types';

const ShareDialog = lazy(() => import('./ShareDialog'));

export function ShareButton({
  tracks,
  cover,
  name,
}: {
  tracks: readonly TrackInfo[];
  cover: PlaylistCover;
  name?: string;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconShare size={16} />}
        disabled={tracks.length === 0}
        onClick={() => setOpen(true)}
      >
        {text.share.title}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog tracks={[...tracks]} cover={cover} name={name} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
