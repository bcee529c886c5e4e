// What the lyrics panel reads of the lyrics actor: its tags, can() and context, never state names.
import type { SnapshotFrom } from 'xstate';
import type { LyricsRef } from './lyricsMachine';

type LyricsSnapshot = SnapshotFrom<LyricsRef>;

export type LyricsState = 'idle' | 'loading' | 'shown' | 'none' | 'failed';

export const lyricsStateOf = (s: LyricsSnapshot): LyricsState =>
  s.hasTag('busy')
    ? 'loading'
    : s.hasTag('shown')
      ? 'shown'
      : s.hasTag('none')
        ? 'none'
        : s.hasTag('failed')
          ? 'failed'
          : 'idle';

/** a translation lies beside the lines (显示翻译 is offered) */
export const hasTranslationOf = (s: LyricsSnapshot): boolean => s.context.lyrics?.translation != null;

/** the translation shows beside the lines: there is one and 显示翻译 is on */
export const translationShownOf = (s: LyricsSnapshot): boolean => hasTranslationOf(s) && s.context.showTranslation;

/** who gave the source; '' when the answer names nobody */
export const contributorOf = (s: LyricsSnapshot): string => s.context.lyrics?.source.contributor?.nickname ?? '';

/** who gave the translation shown; '' when none shows or the answer names nobody */
export const translatorOf = (s: LyricsSnapshot): string =>
  translationShownOf(s) ? (s.context.lyrics?.translation?.contributor?.nickname ?? '') : '';

/** what the panel offers: 编辑歌词 / 添加歌词 (the source), 添加翻译 */
export const canEditOf = (s: LyricsSnapshot): boolean => s.can({ type: 'OPEN_EDITOR', part: 'source' });

export const canTranslateOf = (s: LyricsSnapshot): boolean => s.can({ type: 'OPEN_EDITOR', part: 'translation' });
