// Creating an Intl formatter costs far more than using one (a tenth of a millisecond with a time
// zone): pages that format dozens of dates or prices take each formatter from here, made once per
// language and options for the life of the process (or the browser tab).
function cachedFormats<Options, Format>(make: (locale: string, options: Options) => Format) {
  const formats = new Map<string, Format>();
  return (locale: string, options: Options): Format => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = formats.get(key);
    if (!format) formats.set(key, (format = make(locale, options)));
    return format;
  };
}

export const dateTimeFormat = cachedFormats(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

export const numberFormat = cachedFormats(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);
