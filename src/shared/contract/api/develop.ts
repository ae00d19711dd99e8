/** The develop module's own routes (modules/develop). */

/** The data sources' `{id, name}` picker (this screen and the tenant screen's 数据源 dialog). */
export const DATASOURCE_SELECT_URL = '/api/blade-develop/datasource/select';
