import '@mantine/core/styles/Alert.layer.css';
import { Alert } from '@mantine/core';

/** A form's validation message; role=alert so screen readers announce it. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
