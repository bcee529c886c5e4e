// The recovery codes as the listener keeps them: the text copied or downloaded (docs/behaviour.md#two-step-sign-in).
import { text } from '@/shared/text';

/** the codes one a line, under a header that says whose they are and that each works once */
export function recoveryCodesText(site: string, account: string, codes: readonly string[]): string {
  return `${text.user.recoveryCodesFileHeader(site, account)}\n${codes.join('\n')}\n`;
}

/** the same text as a link's address: the download needs no object URL to let go of */
export const recoveryCodesHref = (content: string): string =>
  `data:text/plain;charset=utf-8,${encodeURIComponent(content)}`;
