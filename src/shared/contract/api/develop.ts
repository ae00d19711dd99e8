/** The develop module's own routes (modules/develop). */

/** The data sources' `{id, name}` picker (this screen and the tenant screen's 数据源 dialog). */
export const DATASOURCE_SELECT_URL = '/api/blade-develop/datasource/select';

/** 代码生成 beyond the engine's CRUD of `code` (modules/develop/code.routes.ts). */
const CODE = '/api/blade-develop/code';
/** POST ?id=: a copy of the row, its module name + '-copy'. */
export const CODE_COPY_URL = `${CODE}/copy`;
/** GET ?id=: the files the row generates, [{path, language, content}]. */
export const CODE_PREVIEW_URL = `${CODE}/preview`;
/** GET ?ids=: a zip of the files of those rows (a browser link: the token may be `blade-auth`). */
export const CODE_DOWNLOAD_URL = `${CODE}/download`;
/** POST ?ids=&system=: writes the files into the working tree, on a server in development mode only. */
export const CODE_GEN_URL = `${CODE}/gen-code`;
/** GET: whether this server writes generated code (development mode), for the screen's 生成. */
export const CODE_DEV_MODE_URL = `${CODE}/dev-mode`;

/** A generated file as previewed. */
export interface GeneratedFileWire {
  path: string;
  language: 'typescript' | 'sql';
  content: string;
}
