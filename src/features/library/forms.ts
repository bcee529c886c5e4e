// The add-library form's rules (docs/behaviour.md#form-checks): the first failing message, or null when the form is valid.
import { libraryOrigin } from '@/services/libraryUrls';
import { CREDENTIAL_NAME_MAX, CREDENTIAL_TOKEN_MAX, CREDENTIAL_URL_MAX } from '@/shared/firstPageConstants';
import { text } from '@/shared/firstPageText';

const blank = (value: string) => value.trim() === '';

export interface LibraryForm {
  name: string;
  url: string;
  token: string;
  /** as typed; '' is "not given" */
  priority: string;
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The order of the first five checks is the contract (docs/behaviour.md#form-checks); the token shape check comes last. */
export function libraryError(form: LibraryForm): string | null {
  if (blank(form.name)) return text.library.nameRequired;
  if (blank(form.url)) return text.library.urlRequired;
  if (blank(form.token)) return text.library.tokenRequired;
  if (blank(form.priority) || !Number.isFinite(Number(form.priority))) return text.library.priorityRequired;
  if (libraryOrigin(form.url) === null) return text.library.urlInvalid;
  // ours, after the spec's checks: bounds the server holds too
  if (form.name.trim().length > CREDENTIAL_NAME_MAX)
    return text.library.tooLong(text.library.name, CREDENTIAL_NAME_MAX);
  if (form.url.trim().length > CREDENTIAL_URL_MAX) return text.library.tooLong(text.library.url, CREDENTIAL_URL_MAX);
  if (form.token.trim().length > CREDENTIAL_TOKEN_MAX)
    return text.library.tooLong(text.library.token, CREDENTIAL_TOKEN_MAX);
  if (!JWT_SHAPE.test(form.token.trim())) return text.library.tokenInvalid;
  return null;
}
