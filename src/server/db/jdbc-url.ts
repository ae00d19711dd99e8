/** Where a data source's database is (its row's JDBC URL, as BladeX stores it). */
export interface SourceAddress {
  host: string;
  port: number;
  database: string;
}

/** `jdbc:postgresql://host:port/db?...`, `jdbc:mysql://...`, `jdbc:mariadb://...`: the kind and the address. */
export function parseJdbcUrl(url: string): { kind: 'pg' | 'mysql'; address: SourceAddress } | undefined {
  const found = /^jdbc:(postgresql|mysql|mariadb):\/\/(\[[^\]]+\]|[^/:?;]+)(?::(\d+))?\/([^?;/]+)/i.exec(url.trim());
  if (!found) return undefined;
  const kind = found[1].toLowerCase() === 'postgresql' ? 'pg' : 'mysql';
  const host = found[2].replace(/^\[|\]$/g, '');
  const port = found[3] ? Number(found[3]) : kind === 'pg' ? 5432 : 3306;
  return { kind, address: { host, port, database: decodeURIComponent(found[4]) } };
}

/** A data source's standbys (`standby_urls`): the URLs between its commas and new lines. */
export const standbyUrlsOf = (text: string) =>
  text
    .split(/[,\n]/)
    .map((url) => url.trim())
    .filter(Boolean);
