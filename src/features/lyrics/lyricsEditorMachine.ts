// The lyrics editor of the /now page (docs/behaviour.md#lyrics): 编辑歌词 / 添加歌词 write the source,
// 添加翻译 a translation. It starts from what the track has (the source, or the translation shown),
// checks the form before anything is sent (forms.ts: the language, the text, an LRC's every line) and
// sends it; the server's refusal is a toast and the editor stays. Spawned by the lyrics actor for each
// opening; it ends with what the server took (saved: the lyrics show it and load again) or nothing
// (closed). editing → submitting → saved | editing; closed.
import { assertEvent, assign, emit, setup, type ActorRefFrom } from 'xstate';
import type { LyricPatch } from '@/services/api/lyric';
import { errorMessage } from '@/services/api/errors';
import type { LyricVersion } from '@/rules/lyrics';
import type { NotifyEvent } from '@/shared/effects';
import { checkedSubmit, failure, formChecks, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import type { TrackIdentity } from '@/shared/track';
import {
  cleanLyricForm,
  lyricErrorField,
  lyricFormError,
  type LyricForm,
  type LyricFormRules,
  type LyricsPart,
} from './forms';

export interface LyricsEditorInput {
  track: TrackIdentity;
  part: LyricsPart;
  /** what the track has: its source (null when it has no lyrics yet) and its translations */
  source: LyricVersion | null;
  translations: LyricVersion[];
  /** the translation shown beside the lines: 添加翻译 starts from it */
  shown: LyricVersion | null;
}

export interface LyricsEditorContext extends LyricsEditorInput {
  /** what the form starts from */
  initial: LyricForm;
  /** the check that refused the form (or nothing), under the field it is about */
  formError: { field: 'language' | 'data'; message: string } | null;
  /** what is being sent */
  sending: LyricForm | null;
  /** what the server took: the editor's output */
  saved: LyricVersion | null;
}

export type LyricsEditorEvent = { type: 'SUBMIT'; form: LyricForm } | { type: 'CLEAR_FORM_ERROR' } | { type: 'CLOSE' };

/** what the dialog reads: the form is being sent */
export type LyricsEditorTag = 'submitting';

const rulesOf = (context: LyricsEditorContext): LyricFormRules => ({
  part: context.part,
  sourceLanguage: context.source?.language ?? null,
});

/** the form's rule (forms.ts), run once a submit */
const checks = formChecks<LyricsEditorContext, LyricsEditorEvent>({
  SUBMIT: (event, context) => lyricFormError(event.form, rulesOf(context)),
});

/** what the form starts from: the source to fix; the translation shown, else an empty one of the source's kind */
function initialForm({ part, source, shown }: LyricsEditorInput): LyricForm {
  const from = part === 'source' ? source : shown;
  if (from) return { type: from.type, language: from.language, data: from.data };
  return { type: source?.type ?? 'lrc', language: '', data: '' };
}

export const lyricsEditorMachine = setup({
  types: {
    context: {} as LyricsEditorContext,
    events: {} as LyricsEditorEvent,
    emitted: {} as NotifyEvent,
    input: {} as LyricsEditorInput,
    output: {} as LyricVersion | null,
    tags: {} as LyricsEditorTag,
  },
  actors: {
    patchLyrics: provideMe<void, LyricPatch>('lyricsEditor', 'patchLyrics'),
  },
  guards: {
    formInvalid: checks.invalid,
  },
  actions: {
    showFormError: assign((args) => {
      assertEvent(args.event, 'SUBMIT');
      return {
        formError: { field: lyricErrorField(args.event.form, rulesOf(args.context)), message: checks.message(args) },
      };
    }),
    clearFormError: assign({ formError: null }),
    keepSending: assign(({ event }) => {
      assertEvent(event, 'SUBMIT');
      return { sending: cleanLyricForm(event.form) };
    }),
    setSaved: assign(({ context }) => ({
      saved: context.sending && { ...context.sending, contributor: null },
    })),
    notifySaved: emit(({ context }) => ({
      type: 'notify' as const,
      severity: 'success' as const,
      message: context.part === 'source' ? text.lyrics.saved : text.lyrics.translationSaved,
    })),
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
  },
}).createMachine({
  description:
    'The lyrics editor (编辑歌词, 添加歌词, 添加翻译): 格式, 语言 and the text, checked before 保存 sends them.',
  id: 'lyricsEditor',
  context: ({ input }) => ({ ...input, initial: initialForm(input), formError: null, sending: null, saved: null }),
  output: ({ context }) => context.saved,
  initial: 'editing',
  states: {
    editing: {
      description: 'The form shows, filled with what the track has; a refused check shows under its field.',
      on: {
        SUBMIT: checkedSubmit('lyric', 'submitting', 'keepSending'),
        CLEAR_FORM_ERROR: {
          description: 'The field the message is about changed: the message goes until the next 保存.',
          actions: 'clearFormError',
        },
        CLOSE: { description: '取消, or the dialog closed: nothing is sent.', target: 'closed' },
      },
    },
    submitting: {
      description: '保存 was pressed and the form passed its checks: the server takes the lyrics (保存 spins).',
      tags: ['submitting'],
      invoke: {
        id: 'patchLyrics',
        src: 'patchLyrics',
        input: ({ context }) => ({ track: context.track, ...context.sending! }),
        onDone: { target: 'saved', actions: ['setSaved', 'notifySaved'] },
        onError: { target: 'editing', actions: { type: 'notifyError', params: failure } },
      },
    },
    saved: {
      description: 'The server took them (歌词已保存): the editor closes and the lyrics show them.',
      type: 'final',
    },
    closed: {
      description: 'Closed without saving: nothing changed.',
      type: 'final',
    },
  },
});

export type LyricsEditorRef = ActorRefFrom<typeof lyricsEditorMachine>;
