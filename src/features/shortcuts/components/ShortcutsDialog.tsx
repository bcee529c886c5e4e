// The help dialog of the keyboard shortcuts (`?`): every shortcut of keymap.ts, grouped, its keys
// drawn as keys. Loaded when first opened.
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Kbd.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Fragment } from 'react';
import { Kbd, Modal, Stack, Text, Title } from '@mantine/core';
import { text } from '@/shared/text';
import { SHORTCUTS, type ShortcutGroup } from '../keymap';
import classes from './ShortcutsDialog.module.css';

const GROUPS = Object.keys(text.shortcuts.groups) as ShortcutGroup[];

export default function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={text.shortcuts.title}
      closeButtonProps={{ 'aria-label': text.close }}
    >
      <Stack gap="md">
        {GROUPS.map((group) => (
          <section key={group} aria-labelledby={`shortcuts-${group}`}>
            <Title order={4} size="h5" id={`shortcuts-${group}`} mb={6}>
              {text.shortcuts.groups[group]}
            </Title>
            <dl className={classes.list}>
              {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                <div key={s.command} className={classes.row}>
                  <dt className={classes.keys}>
                    {s.keys.map((key, i) => (
                      <Fragment key={key}>
                        {i > 0 && <span aria-hidden="true">{text.shortcuts.plus}</span>}
                        <Kbd>{key}</Kbd>
                      </Fragment>
                    ))}
                  </dt>
                  <dd className={classes.label}>{s.label}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <Text size="sm" c="dimmed">
          {text.shortcuts.note}
        </Text>
      </Stack>
    </Modal>
  );
}
