// Mantine styles used by form pages (loaded with those pages' chunks).
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
