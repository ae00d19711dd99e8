/** The part of Swagger UI's self-contained bundle (swagger-ui-dist, no types of its own) that 接口文档 uses. */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  export interface SwaggerRequest {
    url: string;
    method: string;
    headers: Record<string, string>;
  }
  export interface SwaggerUIOptions {
    domNode: HTMLElement;
    spec: object;
    requestInterceptor?: (request: SwaggerRequest) => SwaggerRequest;
    deepLinking?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    filter?: boolean;
    displayRequestDuration?: boolean;
  }
  export default function SwaggerUI(options: SwaggerUIOptions): unknown;
}
