import '@mantine/core/styles/Alert.layer.css';
import { Alert } from '@mantine/core';

/** A page-level message (missing parameter, nothing synced yet, not found). */
export function Notice({ message, color = 'yellow' }: { message: string; color?: string }) {
  return (
    <Alert color={color} variant="light">
      {message}
    </Alert>
  );
}
