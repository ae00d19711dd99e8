/** Wire formats of the contract: `yyyy-MM-dd HH:mm:ss` and `yyyy-MM-dd`, wall-clock time in the server's zone. */
export const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric', month: '2-digit', day: '2-digit',
  hour: '2-digit', minute: '2-digit', second: '2-digit',
  hourCycle: 'h23',
});

/** `yyyy-MM-dd HH:mm:ss` of an instant in Asia/Shanghai (the contract's zone). */
export function formatDateTime(date: Date = new Date()): string {
  const part = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** Normalises an accepted date(time) text to `yyyy-MM-dd HH:mm:ss`; undefined when it is not one or not a real date. */
export function parseDateTime(text: string): string | undefined {
  if (!DATETIME_PATTERN.test(text)) return undefined;
  const [date, time = '00:00:00'] = text.split(' ');
  const full = `${date} ${time.length === 5 ? `${time}:00` : time}`;
  const [y, m, d] = date.split('-').map(Number);
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return undefined;
  const [hh, mm, ss] = full.slice(11).split(':').map(Number);
  if (hh > 23 || mm > 59 || ss > 59) return undefined;
  return full;
}

/** Trims what the database sends for timestamp(0)/date to the wire format. */
export function wireDateTime(value: unknown): string {
  if (value == null) return '';
  return String(value).slice(0, 19);
}
