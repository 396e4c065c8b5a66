import type {LocalText} from './model-definition.js';

/** The text in a language, falling back to English. */
export function localise(text: LocalText, lang: string): string;
export function localise(text: LocalText | null, lang: string): string | null;
export function localise(text: LocalText | null, lang: string): string | null {
  if (!text) return null;
  return (text as unknown as Record<string, string | undefined>)[lang] ?? text.en;
}
