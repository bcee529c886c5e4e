// 主页 (docs/behaviour.md#home): the frame paints with the first page; a signed-in listener's shelves
// load with their own code beside the first calls. Signed out, the spec's 空无一物的主页.
import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLoginState } from '@/features/session';
import { text } from '@/shared/firstPageText';
import { PageSpinner } from '@/ui/PageSpinner';

const HomeShelves = lazy(() => import('@/features/home/pages/HomeShelvesPage'));

export function HomePage() {
  if (useLoginState() !== 'loggedIn') return <Text>{text.home.body}</Text>;
  return (
    <Suspense fallback={<PageSpinner />}>
      <HomeShelves />
    </Suspense>
  );
}
