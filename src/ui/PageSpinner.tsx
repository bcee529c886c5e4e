import { Center, Loader } from '@mantine/core';
import { text } from '@/shared/firstPageText';

export function PageSpinner() {
  return (
    <Center h={200} role="status" aria-label={text.loading}>
      <Loader />
    </Center>
  );
}
