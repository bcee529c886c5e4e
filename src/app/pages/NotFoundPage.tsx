import { Title } from '@mantine/core';
import { text } from '@/shared/firstPageText';

export function NotFoundPage() {
  return <Title order={2}>{text.notFound}</Title>;
}
