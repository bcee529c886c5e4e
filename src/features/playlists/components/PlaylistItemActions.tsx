// The owner's actions on one item of a list: move up, move down, remove.
import { ActionIcon, Group } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { text } from '@/shared/text';
import type { PlaylistItem } from '@/shared/types';
import { RowMenu, RowMenuItem } from '@/ui/RowMenu';
import { Tip } from '@/ui/Tip';
import type { PlaylistRef } from '../playlistMachine';
import { canMoveItem, canRemoveItem } from '../selectors';
import classes from './PlaylistItemRow.module.css';

export function PlaylistItemActions({ actor, item }: { actor: PlaylistRef; item: PlaylistItem }) {
  // the page's machine says what it takes now: its guards, not a copy of them here
  const canMoveUp = useSelector(actor, canMoveItem(item.id, -1));
  const canMoveDown = useSelector(actor, canMoveItem(item.id, 1));
  const canRemove = useSelector(actor, canRemoveItem(item.id));
  const moveUp = () => actor.send({ type: 'MOVE_ITEM', itemId: item.id, by: -1 });
  const moveDown = () => actor.send({ type: 'MOVE_ITEM', itemId: item.id, by: 1 });
  const remove = () => actor.send({ type: 'REMOVE_ITEM', itemId: item.id });
  return (
    <>
      {/* wide screens: three buttons; a phone: one menu, so the title keeps its room */}
      <Group gap={2} wrap="nowrap" className={classes.ownerInline}>
        <Tip label={text.playlist.moveUp}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={text.playlist.moveUp}
            disabled={!canMoveUp}
            onClick={moveUp}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
        </Tip>
        <Tip label={text.playlist.moveDown}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={text.playlist.moveDown}
            disabled={!canMoveDown}
            onClick={moveDown}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
        </Tip>
        <Tip label={text.playlist.removeItem}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={text.playlist.removeItem}
            disabled={!canRemove}
            onClick={remove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tip>
      </Group>
      <div className={classes.ownerMenu}>
        <RowMenu label={text.playlist.itemActions} icon={<IconAdjustmentsHorizontal size={16} />} color="gray">
          <RowMenuItem disabled={!canMoveUp} onClick={moveUp}>
            {text.playlist.moveUp}
          </RowMenuItem>
          <RowMenuItem disabled={!canMoveDown} onClick={moveDown}>
            {text.playlist.moveDown}
          </RowMenuItem>
          <RowMenuItem color="red" disabled={!canRemove} onClick={remove}>
            {text.playlist.removeItem}
          </RowMenuItem>
        </RowMenu>
      </div>
    </>
  );
}
