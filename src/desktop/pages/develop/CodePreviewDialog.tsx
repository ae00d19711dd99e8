import { useEffect, useState } from 'react';
import { Empty, Menu, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import { CODE_PREVIEW_URL, type GeneratedFileWire } from '../../../shared/contract/api/develop.ts';
import type { WireRecord } from '../../components/crud/fields.ts';

type Highlight = (code: string, language: string) => string;

/** highlight.js with TypeScript and SQL only, loaded when a preview first opens (this screen's chunk, no other). */
let highlighter: Promise<Highlight> | undefined;
const loadHighlighter = () =>
  (highlighter ??= Promise.all([
    import('highlight.js/lib/core'),
    import('highlight.js/lib/languages/typescript'),
    import('highlight.js/lib/languages/sql'),
    import('highlight.js/styles/github.css'),
  ]).then(([{ default: hljs }, { default: typescript }, { default: sqlLanguage }]) => {
    hljs.registerLanguage('typescript', typescript);
    hljs.registerLanguage('sql', sqlLanguage);
    return (code: string, language: string) => hljs.highlight(code, { language }).value;
  }));

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** 预览: the files a code row generates, their paths on the left, the chosen one's text highlighted on the right. */
export function CodePreviewDialog({ row, onClose }: { row: WireRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const files = useQuery({
    queryKey: [CODE_PREVIEW_URL, row.id],
    queryFn: () => getData<GeneratedFileWire[]>(CODE_PREVIEW_URL, { id: row.id }),
    retry: false,
  });
  const [chosen, setChosen] = useState<string>();
  const [highlight, setHighlight] = useState<Highlight>();
  useEffect(() => {
    void loadHighlighter().then((found) => setHighlight(() => found));
  }, []);
  const list = files.data ?? [];
  const file = list.find((f) => f.path === chosen) ?? list[0];
  const html = file ? (highlight ? highlight(file.content, file.language) : escape(file.content)) : '';
  return (
    <Modal
      open
      width={1200}
      title={t('crud.code.previewTitle', { name: String(row.codeName ?? '') })}
      footer={null}
      onCancel={onClose}
    >
      {files.isPending ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty />
      ) : (
        <div className="tenon-code-preview" style={{ display: 'flex', gap: 12, height: '65vh' }}>
          <Menu
            mode="inline"
            style={{ width: 360, flex: 'none', overflow: 'auto' }}
            selectedKeys={file ? [file.path] : []}
            items={list.map((f) => ({ key: f.path, label: f.path, title: f.path }))}
            onClick={({ key }) => setChosen(key)}
          />
          <pre
            className="hljs"
            aria-label={file?.path}
            style={{ flex: 1, margin: 0, overflow: 'auto', fontSize: 12, padding: 12 }}
          >
            <code dangerouslySetInnerHTML={{ __html: html }} />
          </pre>
        </div>
      )}
    </Modal>
  );
}
