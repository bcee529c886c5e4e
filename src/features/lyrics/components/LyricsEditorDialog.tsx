// The lyrics editor (编辑歌词, 添加歌词, 添加翻译): 格式 (纯文本 / LRC), 语言 and the text, filled with
// what the track has, then 保存 / 取消. The lyrics actor's editor child checks and sends; this shows
// its message under the field it is about and spins 保存 while it sends.
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@/ui/styles/forms';
import { Button, Group, Input, Modal, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { versionIn, type LyricType } from '@/rules/lyrics';
import { text } from '@/shared/text';
import { formForLanguage, type LyricForm } from '../forms';
import type { LyricsEditorRef } from '../lyricsEditorMachine';

const TYPES: { value: LyricType; label: string }[] = [
  { value: 'text', label: text.lyrics.types.text },
  { value: 'lrc', label: text.lyrics.types.lrc },
];

export function LyricsEditorDialog({ editor, adding }: { editor: LyricsEditorRef | null; adding: boolean }) {
  const part = useSelector(editor ?? undefined, (s) => s?.context.part);
  const title = part === 'translation' ? text.lyrics.addTranslation : adding ? text.lyrics.add : text.lyrics.edit;
  return (
    <Modal
      opened={editor !== null}
      onClose={() => editor?.send({ type: 'CLOSE' })}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': text.close }}
    >
      {/* a new form each time the editor opens, starting from what the track has */}
      {editor && <LyricsEditorForm key={editor.sessionId} editor={editor} />}
    </Modal>
  );
}

function LyricsEditorForm({ editor }: { editor: LyricsEditorRef }) {
  const initial = useSelector(editor, (s) => s.context.initial);
  const part = useSelector(editor, (s) => s.context.part);
  const source = useSelector(editor, (s) => s.context.source);
  const translations = useSelector(editor, (s) => s.context.translations);
  const formError = useSelector(editor, (s) => s.context.formError);
  const submitting = useSelector(editor, (s) => s.hasTag('submitting'));
  const [form, setForm] = useState(initial);
  // the text as the form last filled it in: a translation's language fills it while nothing was typed
  const [filled, setFilled] = useState(initial.data);
  const typeLabel = useId();
  const languageFixed = part === 'source' && source !== null;
  const replaces = part === 'translation' && versionIn(translations, form.language) !== undefined;

  /** the form as it changes; a message about a field that changed goes until the next 保存 */
  const update = (next: LyricForm) => {
    const changed =
      formError?.field === 'language'
        ? next.language !== form.language
        : next.data !== form.data || next.type !== form.type;
    if (formError && changed) editor.send({ type: 'CLEAR_FORM_ERROR' });
    setForm(next);
  };
  const changeLanguage = (language: string) => {
    const next = part === 'translation' ? formForLanguage(form, language, translations, filled) : { ...form, language };
    if (next.data !== form.data) setFilled(next.data);
    update(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    editor.send({ type: 'SUBMIT', form });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Stack gap={4} align="flex-start">
          <Input.Label component="div" id={typeLabel}>
            {text.lyrics.type}
          </Input.Label>
          <SegmentedControl
            aria-labelledby={typeLabel}
            data={TYPES}
            value={form.type}
            onChange={(type) => update({ ...form, type: type as LyricType })}
          />
        </Stack>
        <TextInput
          label={text.lyrics.language}
          placeholder={text.lyrics.languagePlaceholder}
          value={form.language}
          readOnly={languageFixed}
          styles={languageFixed ? { input: { color: 'var(--mantine-color-dimmed)' } } : undefined}
          required
          description={
            languageFixed
              ? text.lyrics.sourceLanguageFixed
              : replaces
                ? text.lyrics.replacesTranslation(form.language.trim())
                : undefined
          }
          error={formError?.field === 'language' ? formError.message : undefined}
          onChange={(e) => changeLanguage(e.currentTarget.value)}
          data-autofocus={languageFixed ? undefined : true}
        />
        <Textarea
          label={text.lyrics.lyricText}
          description={form.type === 'lrc' ? text.lyrics.lrcHint : undefined}
          value={form.data}
          required
          rows={12}
          resize="vertical"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          error={formError?.field === 'data' ? formError.message : undefined}
          onChange={(e) => update({ ...form, data: e.currentTarget.value })}
          data-autofocus={languageFixed ? true : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => editor.send({ type: 'CLOSE' })} disabled={submitting}>
            {text.lyrics.cancel}
          </Button>
          <Button type="submit" loading={submitting}>
            {text.lyrics.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
