// 音效 in the player bar and on /now: a button that opens the sound controls in a dialog (full
// screen on a phone). Loaded after the first page, with the sound settings' actor.
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { ActionIcon, Modal } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { NARROW_SCREEN_QUERY } from '@/shared/constants';
import { text } from '@/shared/text';
import { useSound } from '../context';
import { equaliserOn } from '../selectors';
import { useSelector } from '@xstate/react';
import SoundPanel from './SoundPanel';
import type { SoundRef } from '../soundMachine';

export default function SoundButton() {
  const sound = useSound();
  return sound && <SoundDialog sound={sound} />;
}

function SoundDialog({ sound }: { sound: SoundRef }) {
  const [opened, { open, close }] = useDisclosure(false);
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY) ?? false;
  const shaped = useSelector(sound, equaliserOn);
  return (
    <>
      <ActionIcon variant="subtle" color={shaped ? undefined : 'gray'} aria-label={text.sound.title} onClick={open}>
        <IconAdjustmentsHorizontal size={18} />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title={text.sound.title} fullScreen={narrow} size="lg">
        <SoundPanel />
      </Modal>
    </>
  );
}
