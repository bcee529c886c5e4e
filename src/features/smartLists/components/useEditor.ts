// Which list the editor is open for (a new one, or a list's id) and what it starts from.
import { useCallback, useState } from 'react';
import { newSeed } from '@/rules/seeded';
import type { SmartList, SmartListDraft } from '@/rules/smartLists';
import type { SmartListsRef } from '../smartListsMachine';

/** a new list: every track of the libraries, newest first */
const blank = (): SmartListDraft => ({
  name: '',
  match: 'all',
  rules: [],
  sortBy: 'added',
  seed: newSeed(),
  limit: null,
});

export function useEditor(store: SmartListsRef) {
  const [open, setOpen] = useState<{ list: SmartList | null; draft: SmartListDraft } | null>(null);
  const create = useCallback(() => setOpen({ list: null, draft: blank() }), []);
  const edit = useCallback((list: SmartList) => setOpen({ list, draft: list }), []);
  const close = useCallback(() => setOpen(null), []);
  const save = useCallback(
    (draft: SmartListDraft) => {
      const id = open?.list?.id ?? crypto.randomUUID();
      store.send({ type: 'SAVE_LIST', list: { ...draft, name: draft.name.trim(), id, updatedAt: Date.now() } });
      setOpen(null);
    },
    [open, store],
  );
  return { open, create, edit, close, save };
}
