import type { FieldDef } from './define.ts';

/**
 * A dictionary item's attributes beyond its label, kept in its remark as `key:value` pairs separated by `;`
 * (domain/README.md §4): `en:Travel;subject:660201`.
 */
export function itemAttribute(remark: string, key: string): string | undefined {
  for (const pair of remark.split(';')) {
    const at = pair.indexOf(':');
    if (at > 0 && pair.slice(0, at).trim() === key) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** An item's label for people: its `en:` attribute in English where it has one, else its (Chinese) value. */
export const itemLabel = (item: { dictValue: string; remark?: string }, lang: 'zh' | 'en'): string =>
  (lang === 'en' ? itemAttribute(item.remark ?? '', 'en') : undefined) ?? item.dictValue;

/** A field choosing from a dictionary, the platform's (`dict`) or the tenant's business one (`bizDict`). */
export const isDictionaryField = (field: FieldDef): boolean => Boolean(field.dict || field.bizDict);

/** The keys of a `multiple` dictionary field's comma list, as it is stored: trimmed, blanks and repeats dropped. */
export const dictKeys = (value: unknown): string[] =>
  typeof value === 'string'
    ? [
        ...new Set(
          value
            .split(',')
            .map((key) => key.trim())
            .filter(Boolean),
        ),
      ]
    : [];
