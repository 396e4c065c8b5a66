import type {Strings} from '../i18n/strings.js';

/**
 * The link that reopens a configuration: the host's template with `{code}` replaced, else the
 * page (this one by default) with `?configuration=CODE`.
 */
export function shareLink(template: string, code: string, page = location.href): string {
  if (template) return template.split('{code}').join(encodeURIComponent(code));
  const url = new URL(page);
  url.searchParams.set('configuration', code);
  url.hash = '';
  return url.href;
}

/**
 * Hands out a configuration's link (`shareLink`) through the system's share sheet where there
 * is one, else copies it. Answers the status to show: '' when the sheet took it (or the shopper
 * closed it).
 */
export async function shareConfiguration(url: string, title: string, s: Strings): Promise<string> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({title, url});
      return '';
    } catch (error) {
      // The shopper closed the sheet: done. A sheet that is not allowed here: copy instead.
      if ((error as Error | null)?.name === 'AbortError') return '';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return s.linkCopied;
  } catch {
    return `${s.copyFailed} ${url}`;
  }
}
