import { VALIDATION_MESSAGES } from '@embark/shared-ui';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';

/** The gateway's document limits (documents.validation.ts). */
export const DOCUMENT_LIMITS = { titleMax: 200, urlMax: 2_048 } as const;

export interface DocumentFormValues {
  title: string;
  description: string;
  url: string;
  classId: string;
  isPolicy: boolean;
}

export type DocumentFormErrors = Partial<Record<'title' | 'url' | 'classId', string>>;

/** The document form's rules (docs/product.md#validation): a document link is http or https only ('Invalid URL format'); title and class required. */
export function validateDocumentForm(values: DocumentFormValues): DocumentFormErrors {
  const errors: DocumentFormErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = ADMIN_TEXT.itemTitleRequired;
  else if ([...title].length > DOCUMENT_LIMITS.titleMax) errors.title = ADMIN_TEXT.documentTitleTooLong;
  const url = values.url.trim();
  if ([...url].length > DOCUMENT_LIMITS.urlMax) errors.url = ADMIN_TEXT.documentUrlTooLong;
  else if (url !== '' && !isHttpUrl(url)) errors.url = VALIDATION_MESSAGES.documentUrlInvalid;
  if (values.classId === '') errors.classId = ADMIN_TEXT.classRequired;
  return errors;
}

/** As the gateway checks a link: the scheme written with its `//` (a parser would repair `https:example.com`), no whitespace, a host. */
function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
