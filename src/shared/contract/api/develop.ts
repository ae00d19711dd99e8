/** The develop module's own routes (modules/develop). */

/** The data sources' `{id, name}` picker (this screen and the tenant screen's 数据源 dialog). */
export const DATASOURCE_SELECT_URL = '/api/blade-develop/datasource/select';

/** GET `?datasourceId=` (none, blank or 0: the console's own database): the source's tables `{name, comment}`. */
export const MODEL_TABLE_LIST_URL = '/api/blade-develop/model/table-list';
/** GET `?tableName=&datasourceId=` or `?modelId=`: one table's columns as the catalog describes them. */
export const MODEL_TABLE_INFO_URL = '/api/blade-develop/model/table-info';
/** GET `?modelId=`: the model's field rows derived from its table (unsaved), in blade_model_prototype shape. */
export const MODEL_PROTOTYPE_DRAFT_URL = '/api/blade-develop/model/model-prototype';
/** POST a JSON array of one model's field rows: all saved or none; the model's rows not in it are removed. */
export const MODEL_PROTOTYPE_SUBMIT_LIST_URL = '/api/blade-develop/model-prototype/submit-list';
/** GET `?modelId=`: the model's saved fields `{label, value}` (value: the column). */
export const MODEL_PROTOTYPE_SELECT_URL = '/api/blade-develop/model-prototype/select';

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
