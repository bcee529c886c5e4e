// 新建智能歌单 / 编辑智能歌单: the editor machine's form. The count under the rules follows the editor
// (正在计算 while it works), and is worked out again when a library syncs or the listener's likes or
// plays change while it is open; 保存 hands the list to the page, which keeps it in the account's store.
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@/ui/styles/forms';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useAccessGeneration } from '@/features/library';
import { newSeed } from '@/rules/seeded';
import type { SmartListDraft } from '@/rules/smartLists';
import { PLAYLIST_NAME_MAX, SMART_LIST_RULES_MAX, SMART_LIST_TRACKS_MAX } from '@/shared/constants';
import { text } from '@/shared/text';
import type { PlaylistInfo } from '@/shared/types';
import { useInspect } from '@/ui/inspect';
import { useSendWhenChanged } from '@/ui/useSendWhenChanged';
import { countFailed, countOf, counting, draftOf, formErrorOf } from '../selectors';
import { useSmartLists, useSmartListsChanges } from '../context';
import { newRule, RuleRow } from './RuleRow';

const t = text.smartLists;

interface EditorDialogProps {
  /** whose data the count reads */
  user: string;
  draft: SmartListDraft;
  isNew: boolean;
  playlists: readonly PlaylistInfo[];
  onSave: (draft: SmartListDraft) => void;
  onClose: () => void;
}

export function SmartListEditorDialog({ user, draft: initial, isNew, playlists, onSave, onClose }: EditorDialogProps) {
  const inspect = useInspect();
  const feature = useSmartLists();
  const generation = useAccessGeneration();
  const changes = useSmartListsChanges(feature);
  // the count reads the libraries as they are when it runs, not as they were when the editor opened
  const generationNow = useRef(generation);
  const [machine] = useState(() => feature.editor(user, () => generationNow.current));
  const editor = useActorRef(machine, { input: { draft: initial }, inspect });
  useEffect(() => {
    generationNow.current = generation;
  }, [generation]);
  useSendWhenChanged(editor, `${generation}|${changes}`, 'DATA_CHANGED');
  const draft = useSelector(editor, draftOf);
  const count = useSelector(editor, countOf);
  const busy = useSelector(editor, counting);
  const failed = useSelector(editor, countFailed);
  const formError = useSelector(editor, formErrorOf);
  const saved = useSelector(editor, (s) => (s.status === 'done' ? s.output : undefined));
  useEffect(() => {
    if (saved === undefined) return;
    if (saved) onSave(saved);
    else onClose();
  }, [saved, onSave, onClose]);

  return (
    <Modal
      opened
      onClose={() => editor.send({ type: 'CLOSE' })}
      title={isNew ? t.editor.titleNew : t.editor.titleEdit}
      size="xl"
      closeButtonProps={{ 'aria-label': text.close }}
    >
      {/* the editor checks the name itself (名称不能为空): the browser's own check would stop 保存 first */}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          editor.send({ type: 'SUBMIT' });
        }}
      >
        <Stack>
          <TextInput
            label={t.editor.name}
            required
            maxLength={PLAYLIST_NAME_MAX}
            value={draft.name}
            error={formError === t.editor.nameRequired ? formError : undefined}
            onChange={(e) => editor.send({ type: 'SET_NAME', name: e.currentTarget.value })}
          />
          <SegmentedControl
            aria-label={t.editor.match}
            data={[
              { value: 'all', label: t.editor.all },
              { value: 'any', label: t.editor.any },
            ]}
            value={draft.match}
            onChange={(value) => editor.send({ type: 'SET_MATCH', match: value as 'all' | 'any' })}
          />
          <Stack
            gap="xs"
            component="ul"
            aria-label={t.editor.rules}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {draft.rules.map((rule, index) => (
              // a rule has no id: its place in the list is what the editor changes
              <li key={index}>
                <RuleRow
                  index={index}
                  rule={rule}
                  playlists={playlists}
                  onChange={(changed) => editor.send({ type: 'SET_RULE', index, rule: changed })}
                  onRemove={() => editor.send({ type: 'REMOVE_RULE', index })}
                />
              </li>
            ))}
          </Stack>
          <Button
            variant="light"
            w="fit-content"
            disabled={draft.rules.length >= SMART_LIST_RULES_MAX}
            onClick={() => editor.send({ type: 'ADD_RULE', rule: newRule('liked') })}
          >
            {t.editor.addRule}
          </Button>
          {formError && formError !== t.editor.nameRequired && (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Group align="flex-end">
            <NativeSelect
              label={t.editor.sortBy}
              data={Object.entries(t.sorts).map(([value, label]) => ({ value, label }))}
              value={draft.sortBy}
              onChange={(e) =>
                editor.send({ type: 'SET_SORT', sortBy: e.currentTarget.value as SmartListDraft['sortBy'] })
              }
            />
            {draft.sortBy === 'shuffle' && (
              <Button variant="default" onClick={() => editor.send({ type: 'RESHUFFLE', seed: newSeed() })}>
                {t.reshuffle}
              </Button>
            )}
            <NumberInput
              label={t.editor.limit}
              placeholder={t.editor.noLimit}
              w={140}
              min={1}
              max={SMART_LIST_TRACKS_MAX}
              allowDecimal={false}
              value={draft.limit ?? ''}
              onChange={(value) =>
                editor.send({
                  type: 'SET_LIMIT',
                  limit:
                    value === '' ? null : Math.min(Math.max(Math.trunc(Number(value)) || 1, 1), SMART_LIST_TRACKS_MAX),
                })
              }
            />
          </Group>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {busy ? t.editor.counting : failed ? t.editor.countFailed : count === null ? '' : t.editor.count(count)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => editor.send({ type: 'CLOSE' })}>
              {t.editor.cancel}
            </Button>
            <Button type="submit">{t.editor.save}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
