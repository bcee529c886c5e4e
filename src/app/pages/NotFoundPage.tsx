import { Title } from '@mantine/core';
import { text } from '@/shared/text';

export function NotFoundPage() {
  return <Title order={2}>{text.notFound}</Title>;
}
