// A new secret of two-step sign-in as a QR code for an authenticator app, and as text to type in by
// hand: registering on a site that enforces it, and turning it on (the account's 两步验证 tab).
import '@mantine/core/styles/Code.layer.css';
import { Code, Stack, Text } from '@mantine/core';
import { otpauthUri, groupedSecret } from '@/services/totp';
import { text } from '@/shared/text';
import { QrCode } from '@/ui/QrCode';
import { useSiteInfo } from '../context';

/** the secret as a QR code for an authenticator app, and as text to type in by hand */
export function SecretCard({ secret, account }: { secret: string; account: string }) {
  const site = useSiteInfo();
  const uri = otpauthUri({ issuer: site?.siteName || 'Anniv', account, secret });
  return (
    <>
      <QrCode value={uri} label={text.user.twoFactorQr} />
      <Stack gap={4}>
        <Text size="sm" fw={600} id="two-factor-secret">
          {text.user.twoFactorSecret}
        </Text>
        <Code aria-labelledby="two-factor-secret" fz="md" style={{ userSelect: 'all', overflowWrap: 'anywhere' }}>
          {groupedSecret(secret)}
        </Code>
      </Stack>
    </>
  );
}
