import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Input, Modal, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../client/i18n.ts';
import { useMenuEntries } from '../../queries.ts';
import { menuLabel, searchMenus, type MenuEntry } from '../../router/menu-routes.ts';
import { useOpenMenu } from '../use-open-menu.ts';

/** The menu search box: an overlay listing leaf menus whose name starts with the text; Esc closes, Enter opens. */
export function MenuSearch({ compact }: { compact: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(0);
  const input = useRef<InputRef>(null);
  const { entries } = useMenuEntries();
  const openMenu = useOpenMenu();
  const lang = currentLanguage();
  const results = useMemo(() => searchMenus(entries ?? [], text, lang), [entries, text, lang, i18n.language]);
  const byId = useMemo(() => new Map((entries ?? []).map((e) => [e.id, e])), [entries]);

  const close = () => { setOpen(false); setText(''); setHighlight(0); };
  const choose = (entry: MenuEntry | undefined) => {
    if (!entry) return;
    close();
    openMenu(entry);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') { event.preventDefault(); setHighlight((h) => Math.min(h + 1, results.length - 1)); }
    if (event.key === 'ArrowUp') { event.preventDefault(); setHighlight((h) => Math.max(h - 1, 0)); }
    if (event.key === 'Enter') choose(results[highlight]);
  };
  const trail = (entry: MenuEntry) => entry.parentIds.map((id) => byId.get(id)).filter((p) => p !== undefined).map((p) => menuLabel(p, lang)).join(' / ');

  return (
    <>
      {compact ? (
        <Button type="text" className="tenon-top-item" icon={<SearchOutlined />} onClick={() => setOpen(true)} aria-label={t('shell.search.placeholder')} />
      ) : (
        <button type="button" className="tenon-search-trigger" onClick={() => setOpen(true)}>
          <SearchOutlined /> <span>{t('shell.search.placeholder')}</span>
        </button>
      )}
      <Modal open={open} onCancel={close} footer={null} closable={false} title={null} width={560} style={{ top: 72 }} destroyOnHidden
        afterOpenChange={(visible) => { if (visible) input.current?.focus(); }}
      >
        <Input
          ref={input}
          autoFocus
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('shell.search.placeholder')}
          value={text}
          onChange={(event) => { setText(event.target.value); setHighlight(0); }}
          onKeyDown={onKeyDown}
          aria-label={t('shell.search.placeholder')}
        />
        <div className="tenon-search-results" role="listbox">
          {text.trim() && results.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.search.none')} />}
          {results.map((entry, index) => (
            <div
              key={entry.id}
              role="option"
              aria-selected={index === highlight}
              className={index === highlight ? 'tenon-search-item is-active' : 'tenon-search-item'}
              onMouseEnter={() => setHighlight(index)}
              onClick={() => choose(entry)}
            >
              <span className="tenon-search-name">{menuLabel(entry, lang)}</span>
              <span className="tenon-search-trail">{trail(entry)}</span>
            </div>
          ))}
        </div>
        <div className="tenon-search-hint">{t('shell.search.hint')}</div>
      </Modal>
    </>
  );
}
