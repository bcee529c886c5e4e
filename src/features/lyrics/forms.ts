// The lyrics editor's rules (docs/behaviour.md#form-checks): the first failing message and the field it
// belongs to, what is sent (the language trimmed), and what the form shows when the language changes.
import { checkLrc, sameLanguage, versionIn, type LyricType, type LyricVersion } from '@/rules/lyrics';
import { LYRIC_LANGUAGE_MAX, LYRIC_LANGUAGE_MIN, LYRIC_MAX_BYTES } from '@/shared/constants';
import { text } from '@/shared/text';

/** the editor's fields */
export interface LyricForm {
  type: LyricType;
  language: string;
  data: string;
}

/** which language of the lyrics the editor writes */
export type LyricsPart = 'source' | 'translation';

/** what the rules need of the track's lyrics */
export interface LyricFormRules {
  part: LyricsPart;
  /** the source's language; null when the track has no lyrics yet */
  sourceLanguage: string | null;
}

// a language tag as the reference server takes it: a 2–3 letter language, then subtags (zh-CN, ja, en-US)
const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

const bytesOf = (data: string) => new TextEncoder().encode(data).length;
const counted = (n: number) => n.toLocaleString('en-US');

/** the language field's message, or null */
function lyricLanguageError(form: LyricForm, rules: LyricFormRules): string | null {
  const language = form.language.trim();
  if (language === '') return text.lyrics.languageRequired;
  if (language.length < LYRIC_LANGUAGE_MIN || language.length > LYRIC_LANGUAGE_MAX || !LANGUAGE.test(language))
    return text.lyrics.languageInvalid;
  const source = rules.sourceLanguage;
  if (source !== null && rules.part === 'source' && !sameLanguage(language, source))
    return text.lyrics.sourceLanguageChanged(source);
  if (source !== null && rules.part === 'translation' && sameLanguage(language, source))
    return text.lyrics.sameAsSource(source);
  return null;
}

/** the text field's message, or null: required, at most LYRIC_MAX_BYTES, and a well-formed LRC when it is one */
function lyricTextError(form: LyricForm): string | null {
  if (form.data.trim() === '') return text.lyrics.textRequired;
  const bytes = bytesOf(form.data);
  if (bytes > LYRIC_MAX_BYTES) return text.lyrics.tooLong(counted(LYRIC_MAX_BYTES), counted(bytes));
  if (form.type !== 'lrc') return null;
  const problem = checkLrc(form.data);
  switch (problem?.kind) {
    case undefined:
      return null;
    case 'badStamp':
      return problem.reason === 'seconds'
        ? text.lyrics.lrcBadSeconds(problem.line, problem.stamp)
        : text.lyrics.lrcBadStamp(problem.line, problem.stamp);
    case 'notTimed':
      return text.lyrics.lrcNotTimed(problem.line);
    case 'badOffset':
      return text.lyrics.lrcBadOffset(problem.line);
    case 'noTimedLine':
      return text.lyrics.lrcNoTimedLine;
  }
}

/** the form's first failing message (the language, then the text), or null when it may be sent */
export function lyricFormError(form: LyricForm, rules: LyricFormRules): string | null {
  return lyricLanguageError(form, rules) ?? lyricTextError(form);
}

/** the field a refused form's message shows under */
export const lyricErrorField = (form: LyricForm, rules: LyricFormRules): 'language' | 'data' =>
  lyricLanguageError(form, rules) === null ? 'data' : 'language';

/** what is sent: the language trimmed, the text as typed */
export const cleanLyricForm = (form: LyricForm): LyricForm => ({ ...form, language: form.language.trim() });

/**
 * A translation's form as its language changes: while the text is what the form last filled in
 * (`filled`: nothing typed since), it becomes the translation the track has in that language, or
 * empty when it has none; typed text stays.
 */
export function formForLanguage(
  form: LyricForm,
  language: string,
  translations: readonly LyricVersion[],
  filled: string,
): LyricForm {
  if (form.data !== filled) return { ...form, language };
  const found = versionIn(translations, language);
  return found ? { type: found.type, language, data: found.data } : { ...form, language, data: '' };
}
