import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Card, Select, Spin } from 'antd';
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

interface OpenApiDoc {
  paths?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

const operationTags = (operation: unknown): string[] =>
  (typeof operation === 'object' && (operation as { tags?: string[] } | null)?.tags) || [];

/** The services of the document (each operation is tagged with its service), with their operation counts. */
function servicesOf(doc: OpenApiDoc): { service: string; operations: number }[] {
  const counts = new Map<string, number>();
  for (const item of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(item))
      for (const tag of operationTags(operation)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([service, operations]) => ({ service, operations }));
}

/** The document with one service's operations: what Swagger UI lays out. */
function serviceDoc(doc: OpenApiDoc, service: string): OpenApiDoc {
  const paths: NonNullable<OpenApiDoc['paths']> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (Object.values(item).some((operation) => operationTags(operation).includes(service))) paths[path] = item;
  }
  return { ...doc, paths, tags: [{ name: service }] };
}

/**
 * 接口文档 (/monitor/doc): the server's OpenAPI document, fetched with the console's client (the caller's token), shown
 * by Swagger UI one service at a time, as BladeX's document groups do: laid out whole (~700 operations) it kept a
 * browser busy for 10 s and more, where one service takes a moment. Its "Try it out" sends the console's headers too,
 * so requests run as the signed-in user. Headers a request already has (Swagger UI's Authorize) are kept.
 */
export default function ApiDocPage() {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const doc = useQuery({
    queryKey: [DESKTOP_KEY, 'api-doc'],
    queryFn: async () => (await http.get<OpenApiDoc>(API_DOC_PATH)).data,
    staleTime: Infinity,
  });
  const services = useMemo(() => (doc.data ? servicesOf(doc.data) : []), [doc.data]);
  const [picked, setPicked] = useState<string>();
  const service = picked ?? services[0]?.service;
  const spec = useMemo(() => (doc.data && service ? serviceDoc(doc.data, service) : undefined), [doc.data, service]);

  useEffect(() => {
    const domNode = host.current;
    if (!spec || !domNode) return;
    let gone = false;
    void loadSwaggerUi().then((SwaggerUI) => {
      if (gone) return;
      SwaggerUI({
        domNode,
        spec,
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
  }, [spec]);

  return (
    <Card
      title={t('log.apiDoc.title')}
      extra={
        <Select
          aria-label={t('log.apiDoc.service')}
          style={{ width: 240 }}
          showSearch
          value={service}
          onChange={setPicked}
          options={services.map(({ service, operations }) => ({
            value: service,
            label: t('log.apiDoc.serviceOption', { service, operations }),
          }))}
        />
      }
    >
      <Alert type="info" showIcon title={t('log.apiDoc.hint')} style={{ marginBottom: 12 }} />
      {doc.isPending && <Spin />}
      <div ref={host} data-testid="api-doc" />
    </Card>
  );
}
