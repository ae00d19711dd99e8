import { ApiFailure, http, type Page, type R } from '../../../client/http.ts';
import { navigateTo } from '../../../client/navigation.ts';
import { session } from '../../../client/session.ts';

/** The server does not have this module yet (404): the tab says so instead of showing an error. */
export class ModuleNotAvailable extends Error {
  constructor(readonly url: string) {
    super(`not available: ${url}`);
  }
}

export type Row = Record<string, unknown>;

/**
 * A list of a module that later issues build: failures are handled here (`silent`), so a missing module is a
 * state of the tab, not an error toast. A 401 still logs out as everywhere else.
 */
export async function fetchModulePage(
  url: string,
  params: Record<string, unknown> = { current: 1, size: 20 },
): Promise<Row[]> {
  try {
    const response = await http.get<R<Page<Row> | Row[] | null>>(url, { params, silent: true });
    const data = response.data.data;
    return Array.isArray(data) ? data : (data?.records ?? []);
  } catch (error) {
    if (error instanceof ApiFailure && error.code === 404) throw new ModuleNotAvailable(url);
    if (error instanceof ApiFailure && error.code === 401) {
      session.localLogout();
      navigateTo('/login');
    }
    throw error;
  }
}
