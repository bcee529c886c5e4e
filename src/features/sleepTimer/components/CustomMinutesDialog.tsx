// 自定义时长… of 定时关闭: a whole number of minutes from 1 to 720, checked as the timer checks it.
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { text } from '@/shared/text';
import { validSleepMinutes } from '../sleepTimerMachine';

export default function CustomMinutesDialog({
  onClose,
  onStart,
}: {
  onClose: () => void;
  onStart: (minutes: number) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minutes = Number(value.trim());
    if (value.trim() === '' || !validSleepMinutes(minutes)) setError(text.sleepTimer.invalidMinutes);
    else onStart(minutes);
  };
  return (
    <Modal opened onClose={onClose} title={text.sleepTimer.customTitle} closeButtonProps={{ 'aria-label': text.close }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={text.sleepTimer.customLabel}
            description={text.sleepTimer.customHint}
            inputMode="numeric"
            data-autofocus
            value={value}
            error={error}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {text.library.cancel}
            </Button>
            <Button type="submit">{text.sleepTimer.start}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
