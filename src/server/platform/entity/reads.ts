/**
 * How a write's checks read other tables (a reference's target, a company, a dictionary): each read under a key
 * naming what it asks. A single write reads each time; a batch reads each question once (2,000 pasted rows naming
 * the same 20 accounts ask about 20 accounts, not 2,000).
 */
export type Reads = <T>(key: string, read: () => Promise<T>) => Promise<T>;

export const readEachTime: Reads = (_key, read) => read();

/** Reads for the checks of one batch, inside its transaction: what the batch itself writes is never asked here. */
export function readOnce(): Reads {
  const answers = new Map<string, Promise<unknown>>();
  return <T>(key: string, read: () => Promise<T>) => {
    let answer = answers.get(key) as Promise<T> | undefined;
    if (!answer) answers.set(key, (answer = read()));
    return answer;
  };
}
