import { http, type R } from '../http.ts';
import { PUT_FILE_URL, type BladeFile } from '../../shared/contract/api/resource.ts';

/**
 * Uploads one file into the tenant's object store (`put-file`): its lasting link (`BladeFile.link`) signs a
 * short-lived one whenever it is opened, so it may be kept in a document (a notice's images).
 */
export async function uploadObject(file: Blob, name: string): Promise<BladeFile> {
  const body = new FormData();
  body.append('file', file, name);
  return (await http.post<R<BladeFile>>(PUT_FILE_URL, body)).data.data;
}
