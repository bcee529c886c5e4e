// A list's one-line summary on its card and page: how many rules, and its order.
import type { SmartList } from '@/rules/smartLists';
import { text } from '@/shared/text';

const t = text.smartLists;

export function listSummary(list: Pick<SmartList, 'rules' | 'match' | 'sortBy' | 'limit'>): string {
  const rules =
    list.rules.length === 0
      ? t.summary.everyTrack
      : list.rules.map((rule) => t.kinds[rule.kind]).join(list.match === 'all' ? ' · ' : ' / ');
  const limit = list.limit === null ? '' : ` · ${t.summary.limit(list.limit)}`;
  return `${rules} · ${t.sorts[list.sortBy]}${limit}`;
}
