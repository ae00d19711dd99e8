import type { AxiosResponse } from 'axios';
import { ApiFailure, http, type R } from '../../../client/http.ts';
import { navigateTo } from '../../../client/navigation.ts';
import { session } from '../../../client/session.ts';

/** The server does not have this module (404): the tab says so instead of showing an error. */
export class ModuleNotAvailable extends Error {
  constructor(readonly url: string) {
    super(`not available: ${url}`);
  }
}

/**
 * A business module's request whose failures its page or queue says itself (`silent`: no toast, and a refused
 * movement keeps the server's message), so a missing module is a state of the tab, not an error toast. A 401 still
 * logs out as everywhere else.
 */
async function moduleRequest<T>(url: string, send: () => Promise<AxiosResponse<R<T>>>): Promise<T> {
  try {
    return (await send()).data.data;
  } catch (error) {
    if (error instanceof ApiFailure && error.code === 404) throw new ModuleNotAvailable(url);
    if (error instanceof ApiFailure && error.code === 401) {
      session.localLogout();
      navigateTo('/login');
    }
    throw error;
  }
}

export const moduleGet = <T>(url: string, params: Record<string, unknown>) =>
  moduleRequest<T>(url, () => http.get<R<T>>(url, { params, silent: true }));

export const modulePost = <T>(url: string, body: unknown) =>
  moduleRequest<T>(url, () => http.post<R<T>>(url, body, { silent: true }));
