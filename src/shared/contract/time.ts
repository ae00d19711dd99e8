/**
 * Wire formats of the contract: `yyyy-MM-dd HH:mm:ss` and `yyyy-MM-dd`, wall-clock time without a zone. The zone is
 * the tenant's (blade_tenant.time_zone, default Asia/Shanghai: docs/time-zones.md): the server writes every date of a
 * request in the caller's tenant zone, the console shows them as they come and runs its clock in the same zone.
 */
export const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/** The contract's zone, and every tenant's until its administrator sets another. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

let zoneSource: () => string = () => DEFAULT_TIME_ZONE;

/**
 * Where "the tenant's zone" comes from, said once per side: on the server the request being handled, in the browser
 * the session. `formatDateTime()` without a zone uses it, so no caller can write a date in another zone by omission.
 */
export function setTimeZoneSource(source: () => string): void {
  zoneSource = source;
}

export const currentTimeZone = (): string => zoneSource();

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The last second written in each zone: a step writes "now" into a dozen columns within one second, and Intl's
 * formatToParts was a few percent of the server's work in a claim's sending (bench/finance's profile).
 */
const lastFormatted = new Map<string, { second: number; text: string }>();

/** `yyyy-MM-dd HH:mm:ss` of an instant in a zone (the current tenant's by default). */
export function formatDateTime(date: Date = new Date(), timeZone: string = zoneSource()): string {
  const second = Math.floor(date.getTime() / 1000);
  const last = lastFormatted.get(timeZone);
  if (last?.second === second) return last.text;
  const part = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const text = `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  lastFormatted.set(timeZone, { second, text });
  return text;
}

/**
 * The instant a wall-clock time (`yyyy-MM-dd HH:mm:ss`) names in a zone: its UTC reading less the zone's offset there,
 * the offset taken again at the result so that a time just after a daylight-saving change is read right.
 */
export function instantOfWallClock(text: string, timeZone: string): Date {
  const [y, mo, d, h, mi, s] = text.split(/[- :]/).map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const offsetAt = (instant: number) => {
    const [dateText, timeText] = formatDateTime(new Date(instant), timeZone).split(' ');
    const [zy, zmo, zd] = dateText.split('-').map(Number);
    const [zh, zmi, zs] = timeText.split(':').map(Number);
    return Date.UTC(zy, zmo - 1, zd, zh, zmi, zs) - Math.floor(instant / 1000) * 1000;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/**
 * The canonical spelling of an IANA time zone name (`asia/shanghai` -> `Asia/Shanghai`), or undefined when it is
 * none. A zone is `Area/Location` (or UTC): offsets (`+08:00`) and abbreviations the runtime happens to accept are
 * refused, since `CST` would be read as Chicago.
 */
export function canonicalTimeZone(name: string): string | undefined {
  const text = name.trim();
  const named = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)+$/.test(text) || /^(UTC|GMT)$/i.test(text);
  if (!named || text.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
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
