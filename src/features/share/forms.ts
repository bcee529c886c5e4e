// The share wizard's form rules: the first failing message (请填写完整信息, then 请选择要分享的歌曲),
// or null when the form may be sent.
import { text } from '@/shared/text';

export interface ShareForm {
  name: string;
  description: string;
  /** keys of the chosen tracks */
  selected: readonly string[];
}

export function shareFormError(form: ShareForm): string | null {
  if (form.name.trim() === '' || form.description.trim() === '') return text.share.incomplete;
  if (form.selected.length === 0) return text.share.noSongs;
  return null;
}
