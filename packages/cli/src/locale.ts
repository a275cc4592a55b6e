/** The language of messages meant to be read (verify's report): Chinese for a zh locale, else English. */
export type Lang = 'zh' | 'en';

export function language(env: NodeJS.ProcessEnv = process.env): Lang {
  // POSIX order: LC_ALL overrides LC_MESSAGES, which overrides LANG.
  const tag =
    env.LC_ALL || env.LC_MESSAGES || env.LANG || Intl.DateTimeFormat().resolvedOptions().locale;
  return /^zh/i.test(tag ?? '') ? 'zh' : 'en';
}
