// The form media types a POST may be sent as.

/** The media types a POST's form may be sent as; URL-encoded is the default. */
export const URL_ENCODED = 'application/x-www-form-urlencoded';
export const MULTIPART = 'multipart/form-data';
export const FORM_TYPES: readonly string[] = [URL_ENCODED, MULTIPART];

/** The media type of a Content-Type header, lower-cased, without parameters (`''` for none). */
export function mediaTypeOf(header: string | null | undefined): string {
  if (!header) return '';
  const end = header.indexOf(';');
  return (end < 0 ? header : header.slice(0, end)).trim().toLowerCase();
}
