/** 接口文档 (issue 15): where the server answers its OpenAPI 3.1 document, which the console's screen reads. */
export const API_DOC_PATH = '/api/blade-log/api-doc';
