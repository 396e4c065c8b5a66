// Intl formatters are costly to make (tens of microseconds each, far more than formatting):
// one per locale and purpose, made on first use and kept. A 2,000-node model formats
// thousands of numbers per render.
const numberFormats = new Map<string, Intl.NumberFormat>();
const regionNames = new Map<string, Intl.DisplayNames>();

/** Formats a model number (up to 4 decimals) the way `locale` writes numbers. */
export function formatNumber(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale || undefined, {maximumFractionDigits: 4});
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/** A country's name in `lang` (English where the platform lacks it); the code if unknown. */
export function regionName(code: string, lang: string): string {
  try {
    let names = regionNames.get(lang);
    if (!names) {
      names = new Intl.DisplayNames([lang, 'en'], {type: 'region'});
      regionNames.set(lang, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
