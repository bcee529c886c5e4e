// Model-based paths over the lyrics editor (docs/behaviour.md#lyrics): every path `npm run paths -- lyricsEditor`
// prints is replayed with a server that answers only when the path says so, and checked against the rules
// written out plainly (which form is refused, with which message under which field; what is sent; what
// the editor ends with and the toasts it asks for); then the starts the walk leaves out (添加歌词, 添加翻译)
// and what each sends.
import { describe, expect, it } from 'vitest';
import { createActor, type ActorRefFrom, type AnyEventObject, type InspectionEvent } from 'xstate';
import type { LyricForm } from '@/features/lyrics/forms';
import { lyricsEditorMachine, type LyricsEditorInput } from '@/features/lyrics/lyricsEditorMachine';
import { pathInput, pathMoreInputs } from '@/features/lyrics/lyricsEditorMachine.samples';
import { errorMessage } from '@/services/api/errors';
import type { LyricPatch } from '@/services/api/lyric';
import { text } from '@/shared/text';
import {
  assertAllStatesReached,
  replayPath,
  stateIdsOf,
  withPendingActors,
  type MachinePath,
} from '../../model-paths/modelPaths';
import { fakeService, flush } from './fakes';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const machine = withPendingActors(lyricsEditorMachine, ['patchLyrics']);
type Machine = typeof machine;
type Refusal = { field: 'language' | 'data'; message: string };

/** The rules, plainly: the language (required, its form, the source's own for the source, another for a translation), then the text (required; an LRC's seconds under 60). */
function refusal(form: LyricForm, start: LyricsEditorInput): Refusal | null {
  const language = form.language.trim();
  const source = start.source?.language;
  const same = source !== undefined && language.toLowerCase() === source.toLowerCase();
  if (language === '') return { field: 'language', message: text.lyrics.languageRequired };
  if (!/^[A-Za-z0-9-]{2,35}$/.test(language)) return { field: 'language', message: text.lyrics.languageInvalid };
  if (source !== undefined && start.part === 'source' && !same)
    return { field: 'language', message: text.lyrics.sourceLanguageChanged(source) };
  if (source !== undefined && start.part === 'translation' && same)
    return { field: 'language', message: text.lyrics.sameAsSource(source) };
  if (form.data.trim() === '') return { field: 'data', message: text.lyrics.textRequired };
  if (form.type === 'lrc') {
    const lines = form.data.split('\n');
    for (const [i, line] of lines.entries()) {
      const stamp = /^\[\d\d:(\d\d)\.\d\d\]/.exec(line);
      if (stamp && Number(stamp[1]) >= 60)
        return { field: 'data', message: text.lyrics.lrcBadSeconds(i + 1, stamp[0]) };
    }
  }
  return null;
}

function expected(path: MachinePath<Machine>, start: LyricsEditorInput) {
  let state = 'editing';
  let formError: Refusal | null = null;
  let sending: LyricForm | null = null;
  let saved: unknown = null;
  const notes: AnyEventObject[] = [];
  for (const { event } of path.steps.slice(1)) {
    const e = event as { type: string; form?: LyricForm; error?: unknown };
    if (state === 'editing' && e.type === 'SUBMIT') {
      formError = refusal(e.form!, start);
      if (!formError) [state, sending] = ['submitting', { ...e.form!, language: e.form!.language.trim() }];
    } else if (state === 'editing' && e.type === 'CLEAR_FORM_ERROR') formError = null;
    else if (state === 'editing' && e.type === 'CLOSE') state = 'closed';
    else if (state === 'submitting' && e.type === 'xstate.done.actor.patchLyrics') {
      [state, saved] = ['saved', { ...sending!, contributor: null }];
      notes.push({ type: 'notify', severity: 'success', message: text.lyrics.saved });
    } else if (state === 'submitting' && e.type === 'xstate.error.actor.patchLyrics') {
      state = 'editing';
      notes.push({ type: 'notify', severity: 'error', message: errorMessage(e.error) });
    }
  }
  return { state, formError, sending, saved, notes };
}

function emittedLog() {
  const emitted: AnyEventObject[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId)
      (event.actorRef as ActorRefFrom<typeof lyricsEditorMachine>).on('*', (e) => emitted.push(e));
  };
  return { emitted, inspect };
}

describe('lyricsEditor machine paths', () => {
  const machineWalk = registryWalk('lyricsEditor', machine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('lyricsEditor', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual(['editing', 'submitting', 'saved', 'closed']);
    assertAllStatesReached(paths, machine);
  });

  it.each(cases)('%s', async (_, path) => {
    const log = emittedLog();
    const { finalSnapshot: s } = await replayPath(machine, path, {
      input: pathInput,
      actorOptions: { inspect: log.inspect },
    });
    const want = expected(path, pathInput);
    expect(s.value).toBe(want.state);
    expect(s.context.formError).toEqual(want.formError);
    expect(s.context.sending).toEqual(want.sending);
    expect(s.context.saved).toEqual(want.saved);
    expect(log.emitted).toEqual(want.notes);
    // what the dialog reads: 保存 spins while it sends; it ends with what was saved, or nothing
    expect(s.hasTag('submitting')).toBe(want.state === 'submitting');
    if (want.state === 'saved' || want.state === 'closed') expect(s.output).toEqual(want.saved);
    // 编辑歌词 starts from the source
    expect(s.context.initial).toEqual({ type: 'lrc', language: 'zh-CN', data: pathInput.source!.data });
  });
});

describe('the other starts, and what is sent', () => {
  const [adding, translating] = pathMoreInputs as [LyricsEditorInput, LyricsEditorInput];

  function started(input: LyricsEditorInput) {
    const patch = fakeService<void, LyricPatch>();
    const log = emittedLog();
    const actor = createActor(lyricsEditorMachine.provide({ actors: { patchLyrics: patch.logic } }), {
      input,
      inspect: log.inspect,
    }).start();
    return { actor, patch, emitted: log.emitted };
  }

  it('添加歌词: an empty LRC form, any language; the text is sent as typed, the language trimmed', async () => {
    const { actor, patch } = started(adding);
    expect(actor.getSnapshot().context.initial).toEqual({ type: 'lrc', language: '', data: '' });
    actor.send({ type: 'SUBMIT', form: { type: 'lrc', language: ' ja ', data: '[ar:港灯乐团]\n[00:01.5]港の灯\n' } });
    expect(patch.last.input).toEqual({
      track: adding.track,
      type: 'lrc',
      language: 'ja',
      data: '[ar:港灯乐团]\n[00:01.5]港の灯\n',
    });
    patch.last.resolve();
    await flush();
    expect(actor.getSnapshot().output).toEqual({
      type: 'lrc',
      language: 'ja',
      data: '[ar:港灯乐团]\n[00:01.5]港の灯\n',
      contributor: null,
    });
  });

  it('添加翻译: from the translation shown; not in the source’s language; 翻译已保存', async () => {
    const { actor, patch, emitted } = started(translating);
    expect(actor.getSnapshot().context.initial).toEqual({
      type: 'lrc',
      language: 'en',
      data: translating.shown!.data,
    });
    actor.send({ type: 'SUBMIT', form: { type: 'text', language: 'ZH-cn', data: 'x' } });
    expect(actor.getSnapshot().context.formError).toEqual({
      field: 'language',
      message: text.lyrics.sameAsSource('zh-CN'),
    });
    expect(patch.calls).toHaveLength(0);
    actor.send({ type: 'SUBMIT', form: { type: 'text', language: 'ja', data: '港の灯' } });
    expect(actor.getSnapshot().context.formError).toBeNull();
    patch.last.resolve();
    await flush();
    expect(emitted).toEqual([{ type: 'notify', severity: 'success', message: text.lyrics.translationSaved }]);
  });

  it('a bad LRC is refused under the text, naming the line and the stamp; nothing is sent', () => {
    const { actor, patch } = started(pathInput);
    actor.send({
      type: 'SUBMIT',
      form: { type: 'lrc', language: 'zh-CN', data: '[ti:港灯]\n\n[01:75.00]照着回家的船' },
    });
    expect(actor.getSnapshot().context.formError).toEqual({
      field: 'data',
      message: '第 3 行的时间 [01:75.00] 不对：秒数应小于 60',
    });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(patch.calls).toHaveLength(0);
  });

  it('the server’s refusal: a toast, the form stays to be sent again; 取消 is not taken while it sends', async () => {
    const { actor, patch, emitted } = started(pathInput);
    const form: LyricForm = { type: 'text', language: 'zh-CN', data: '港口的灯' };
    actor.send({ type: 'SUBMIT', form });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    patch.last.reject(new Error('lyric is locked'));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(emitted).toEqual([{ type: 'notify', severity: 'error', message: 'lyric is locked' }]);
    actor.send({ type: 'SUBMIT', form });
    expect(patch.calls).toHaveLength(2);
  });
});
