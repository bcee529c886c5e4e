// The liked lists could not be read: 重试 reads them again (the pages show no list, not an empty one).
import { Button } from '@mantine/core';
import { text } from '@/shared/text';
import { useFavourites } from '../context';

export function FavouritesRetry() {
  const { favourites } = useFavourites();
  return (
    <Button variant="light" w="fit-content" onClick={() => favourites.send({ type: 'LOAD' })}>
      {text.retry}
    </Button>
  );
}
