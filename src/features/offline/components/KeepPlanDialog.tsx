// The 保存到本机 dialog: how many tracks, in which quality (the listener's, changeable for this
// download), about how much space they take and how much is left; 开始保存 stays off while the
// size is asked and when the tracks would not fit. The keeping actor's plan child decides all that.
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@/ui/styles/forms';
import { Button, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { formatBytes } from '@/rules/bytes';
import { QUALITIES, type Quality } from '@/shared/constants';
import { text } from '@/shared/text';
import { FormError } from '@/ui/FormError';
import { useKeeping } from '../context';
import type { KeepPlanRef } from '../keepPlanMachine';

const qualityOptions = QUALITIES.map((q) => ({ value: q, label: text.user.qualityLabels[q] }));

export default function KeepPlanDialog() {
  const plan = useSelector(useKeeping(), (snapshot) => snapshot.context.plan);
  return (
    <Modal
      opened={plan !== null}
      onClose={() => plan?.send({ type: 'CLOSE' })}
      title={text.offline.keep}
      closeButtonProps={{ 'aria-label': text.close }}
    >
      {plan && <KeepPlan plan={plan} />}
    </Modal>
  );
}

function KeepPlan({ plan }: { plan: KeepPlanRef }) {
  const { tracks, quality, estimate } = useSelector(plan, (snapshot) => snapshot.context);
  const estimating = useSelector(plan, (snapshot) => snapshot.hasTag('estimating'));
  const tooBig = useSelector(plan, (snapshot) => snapshot.hasTag('tooBig'));
  const canStart = useSelector(plan, (snapshot) => snapshot.can({ type: 'CONFIRM' }));
  const need = estimate?.bytes ?? null;
  const left = estimate?.available ?? null;
  return (
    <Stack>
      <Text>{text.offline.planTracks(tracks.length)}</Text>
      <NativeSelect
        label={text.offline.planQuality}
        data={qualityOptions}
        value={quality}
        onChange={(e) => plan.send({ type: 'SET_QUALITY', quality: e.currentTarget.value as Quality })}
      />
      {estimating ? (
        <Group gap="xs" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm">{text.offline.estimating}</Text>
        </Group>
      ) : (
        <Stack gap={2} aria-live="polite">
          <Text size="sm">{need === null ? text.offline.sizeUnknown : text.offline.planSize(formatBytes(need))}</Text>
          {left !== null && (
            <Text size="sm" c="dimmed">
              {text.offline.spaceLeft(formatBytes(left))}
            </Text>
          )}
        </Stack>
      )}
      <FormError
        message={
          tooBig && need !== null && left !== null ? text.offline.tooBig(formatBytes(need), formatBytes(left)) : null
        }
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => plan.send({ type: 'CLOSE' })}>
          {text.offline.planCancel}
        </Button>
        <Button disabled={!canStart} onClick={() => plan.send({ type: 'CONFIRM' })}>
          {text.offline.start}
        </Button>
      </Group>
    </Stack>
  );
}
