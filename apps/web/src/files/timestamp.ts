const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `merged` -> `merged-20250102-030405.pdf` in local time (the visitor's clock). */
export function timestampFileName(prefix: string, date: Date, extension = 'pdf'): string {
  const day = `${pad(date.getFullYear(), 4)}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
  return `${prefix}-${day}-${time}.${extension}`;
}
