// 新建智能歌单, 导入 and 导出 over an account's lists. 导出 writes the lists' file; 导入 reads one, each
// list checked on its own (rules/smartLists.ts), and says what came in or why nothing did.
import { Button, FileButton, Group } from '@mantine/core';
import { useRef } from 'react';
import { readSmartListsFile, smartListsFile, type SmartList } from '@/rules/smartLists';
import { SMART_LISTS_MAX } from '@/shared/constants';
import { text } from '@/shared/text';
import { useNotify } from '@/ui/notify';
import type { SmartListsRef } from '../smartListsMachine';

const t = text.smartLists;

function download(name: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `ready`: the lists are read (before, a new or imported list would have nowhere to go) */
export function SmartListsToolbar({
  store,
  lists,
  ready,
  onCreate,
}: {
  store: SmartListsRef;
  lists: readonly SmartList[];
  ready: boolean;
  onCreate: () => void;
}) {
  const notify = useNotify();
  const resetRef = useRef<() => void>(null);
  const importFile = async (file: File | null) => {
    if (!file) return;
    // the input forgets the file: the same file chosen again (mended, or once more) is read again
    resetRef.current?.();
    // the file alone is checked against the most an account keeps; whether its readable lists fit
    // beside the account's is the store's to say (每个账号最多保留 …)
    const read = readSmartListsFile(await file.text());
    if (!read.ok) {
      const problem = t.importProblem[read.problem];
      notify('error', typeof problem === 'function' ? problem(SMART_LISTS_MAX) : problem);
      return;
    }
    const now = Date.now();
    const imported = read.drafts.map((draft) => ({ ...draft, id: crypto.randomUUID(), updatedAt: now }));
    store.send({ type: 'IMPORT', lists: imported, skipped: read.skipped });
  };
  return (
    <Group gap="xs">
      <Button onClick={onCreate} disabled={!ready}>
        {t.create}
      </Button>
      <FileButton
        resetRef={resetRef}
        accept="application/json,.json"
        disabled={!ready}
        onChange={(file) => void importFile(file)}
      >
        {(props) => (
          <Button variant="default" disabled={!ready} {...props}>
            {t.import}
          </Button>
        )}
      </FileButton>
      <Button
        variant="default"
        disabled={lists.length === 0}
        onClick={() => download('smart-playlists.json', smartListsFile(lists))}
      >
        {t.export}
      </Button>
    </Group>
  );
}
