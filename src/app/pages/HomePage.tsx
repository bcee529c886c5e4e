import { Text } from '@mantine/core';
import { text } from '@/shared/text';

export function HomePage() {
  return <Text>{text.home.body}</Text>;
}
