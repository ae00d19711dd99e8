type Row = Record<string, unknown>;

/** Month values sent blank are saved as 0 (budget.md §2: "empty is saved as 0"). */
export function blankMonthsAsZero(input: Row): Row {
  const body = { ...input };
  for (const key of Object.keys(body))
    if (/^(amount|actual)([1-9]|1[0-2])$/.test(key) && (body[key] === '' || body[key] === null)) body[key] = 0;
  return body;
}
