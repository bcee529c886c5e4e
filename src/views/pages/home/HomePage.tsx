import { Text } from '@mantine/core';
import { text } from '@/views/text';

export function HomePage() {
  return <Text>{text.home.body}</Text>;
}
