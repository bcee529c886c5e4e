import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'wouter';
import { tagLabel, tagPath } from '@/rules/tags';

/** Tags as chips linking to /tag/{URI-encoded tag} */
export function TagLinks({ tags, label }: { tags: readonly string[]; label: string }) {
  return (
    <Group gap={6} role="list" aria-label={label}>
      {tags.map((tag) => (
        <Badge key={tag} role="listitem" variant="light" radius="sm" size="lg" style={{ textTransform: 'none' }}>
          <Anchor component={Link} href={tagPath(tag)} inherit c="inherit" underline="never" title={tag}>
            {tagLabel(tag)}
          </Anchor>
        </Badge>
      ))}
    </Group>
  );
}
