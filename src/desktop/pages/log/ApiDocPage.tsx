import { useEffect, useRef } from 'react';
import { Alert, Card, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consoleHeaders, http } from '../../../client/http.ts';
import { API_DOC_PATH } from '../../../shared/contract/api-doc.ts';
import { DESKTOP_KEY } from '../../queries.ts';

/** Swagger UI with its styles, fetched when the screen first shows a document: no other chunk carries them. */
async function loadSwaggerUi() {
  const [{ default: SwaggerUI }] = await Promise.all([
    import('swagger-ui-dist/swagger-ui-es-bundle.js'),
    import('swagger-ui-dist/swagger-ui.css'),
  ]);
  return SwaggerUI;
}

/**
 * 接口文档 (/monitor/doc): the server's OpenAPI document, fetched with the console's client (the caller's token), shown
 * by Swagger UI; its "Try it out" sends the console's headers too, so requests run as the signed-in user. Headers a
 * request already has (Swagger UI's Authorize) are kept.
 */
export default function ApiDocPage() {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const doc = useQuery({
    queryKey: [DESKTOP_KEY, 'api-doc'],
    queryFn: async () => (await http.get<object>(API_DOC_PATH)).data,
    staleTime: Infinity,
  });

  useEffect(() => {
    const domNode = host.current;
    if (!doc.data || !domNode) return;
    let gone = false;
    void loadSwaggerUi().then((SwaggerUI) => {
      if (gone) return;
      SwaggerUI({
        domNode,
        spec: doc.data,
        requestInterceptor: (request) => {
          request.headers = { ...consoleHeaders(), ...request.headers };
          return request;
        },
        deepLinking: false,
        docExpansion: 'none',
        defaultModelsExpandDepth: -1,
        filter: true,
        displayRequestDuration: true,
      });
    });
    return () => {
      gone = true;
      domNode.replaceChildren();
    };
  }, [doc.data]);

  return (
    <Card title={t('log.apiDoc.title')}>
      <Alert type="info" showIcon title={t('log.apiDoc.hint')} style={{ marginBottom: 12 }} />
      {doc.isPending && <Spin />}
      <div ref={host} data-testid="api-doc" />
    </Card>
  );
}
