import { Text } from '@mantine/core';
import { text } from '@/shared/firstPageText';

export function HomePage() {
  return <Text>{text.home.body}</Text>;
}
