// The editor's form rules (docs/behaviour.md#smart-playlists): a name, and every rule complete.
import { PLAYLIST_NAME_MAX } from '@/shared/constants';
import { parseSmartRule, type SmartListDraft, type SmartRule } from '@/rules/smartLists';
import { text } from '@/shared/text';

/** the rules filled in enough to be counted (one still being typed is left out) */
export const completeRules = (rules: readonly SmartRule[]): SmartRule[] =>
  rules.filter((rule) => parseSmartRule(rule) !== null);

/** the first reason 保存 is refused, or null */
export function draftProblem(draft: SmartListDraft): string | null {
  const name = draft.name.trim();
  if (name === '') return text.smartLists.editor.nameRequired;
  if (name.length > PLAYLIST_NAME_MAX) return text.playlist.nameTooLong(PLAYLIST_NAME_MAX);
  const incomplete = draft.rules.findIndex((rule) => parseSmartRule(rule) === null);
  return incomplete < 0 ? null : text.smartLists.editor.ruleIncomplete(incomplete + 1);
}
