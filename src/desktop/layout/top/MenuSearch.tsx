import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Input, Modal, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../client/i18n.ts';
import { useMenuEntries } from '../../queries.ts';
import { menuLabel, searchMenus, type LabelMatcher, type MenuEntry, type MenuHit } from '../../router/menu-routes.ts';
import { useOpenMenu } from '../use-open-menu.ts';

// pinyin-pro's dictionary is the size of a screen: fetched once, when the search is about to be used.
let pinyinMatcher: Promise<LabelMatcher> | undefined;
const loadPinyinMatcher = () => {
  pinyinMatcher ??= import('./pinyin-match.ts')
    .then((m) => m.matchPinyin)
    .catch((error: unknown) => {
      pinyinMatcher = undefined;
      throw error;
    });
  return pinyinMatcher;
};

/** The matched characters of a label, marked. */
function Highlighted({ hit }: { hit: Pick<MenuHit, 'label' | 'matched'> }) {
  const marked = new Set(hit.matched);
  const parts: Array<{ text: string; mark: boolean }> = [];
  Array.from(hit.label).forEach((char, index) => {
    const mark = marked.has(index);
    const last = parts.at(-1);
    if (last && last.mark === mark) last.text += char;
    else parts.push({ text: char, mark });
  });
  return (
    <>
      {parts.map((part, i) =>
        part.mark ? (
          <mark key={i} className="tenon-search-mark">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/**
 * The menu search box: an overlay listing leaf menus whose name holds the text, or spells it in pinyin (initials or
 * syllables), or whose name in the other language holds it, the matched characters highlighted; Esc closes, Enter
 * opens.
 */
export function MenuSearch({ compact }: { compact: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(0);
  const input = useRef<InputRef>(null);
  const { entries } = useMenuEntries();
  const openMenu = useOpenMenu();
  const lang = currentLanguage();
  const [matcher, setMatcher] = useState<{ match: LabelMatcher }>();
  // Until pinyin-pro is there (or if it fails to load), the search matches the name as written.
  const prepare = () => {
    if (!matcher)
      loadPinyinMatcher().then(
        (match) => setMatcher({ match }),
        () => undefined,
      );
  };
  useEffect(() => {
    if (open) prepare();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the matcher loads as the search opens, once
  }, [open]);
  const results = useMemo(
    () => searchMenus(entries ?? [], text, lang, lang === 'zh' ? matcher?.match : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels are matched in the current language
    [entries, text, lang, matcher, i18n.language],
  );
  const byId = useMemo(() => new Map((entries ?? []).map((e) => [e.id, e])), [entries]);

  const close = () => {
    setOpen(false);
    setText('');
    setHighlight(0);
  };
  const choose = (entry: MenuEntry | undefined) => {
    if (!entry) return;
    close();
    openMenu(entry);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlight((h) => Math.min(h + 1, results.length - 1));
    }
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    }
    if (event.key === 'Enter') {
      // The key's default would go on to the search button once the dialog has closed and given the focus back (at
      // once when motion is off), opening the search again over the chosen screen.
      event.preventDefault();
      choose(results[highlight]?.entry);
    }
  };
  const trail = (entry: MenuEntry) =>
    entry.parentIds
      .map((id) => byId.get(id))
      .filter((p) => p !== undefined)
      .map((p) => menuLabel(p, lang))
      .join(' / ');

  return (
    <>
      {compact ? (
        <Button
          type="text"
          className="tenon-top-item"
          icon={<SearchOutlined />}
          onClick={() => setOpen(true)}
          onPointerEnter={prepare}
          aria-label={t('shell.search.placeholder')}
        />
      ) : (
        <button type="button" className="tenon-search-trigger" onClick={() => setOpen(true)} onPointerEnter={prepare}>
          <SearchOutlined /> <span>{t('shell.search.placeholder')}</span>
        </button>
      )}
      <Modal
        open={open}
        onCancel={close}
        footer={null}
        closable={false}
        title={null}
        width={560}
        style={{ top: 72 }}
        destroyOnHidden
        afterOpenChange={(visible) => {
          if (visible) input.current?.focus();
        }}
      >
        <Input
          ref={input}
          autoFocus
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('shell.search.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setHighlight(0);
          }}
          onKeyDown={onKeyDown}
          aria-label={t('shell.search.placeholder')}
        />
        <div className="tenon-search-results" role="listbox">
          {text.trim() && results.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.search.none')} />
          )}
          {results.map((hit, index) => (
            <div
              key={hit.entry.id}
              role="option"
              aria-selected={index === highlight}
              className={index === highlight ? 'tenon-search-item is-active' : 'tenon-search-item'}
              onMouseEnter={() => setHighlight(index)}
              onClick={() => choose(hit.entry)}
            >
              <span>
                <span className="tenon-search-name">
                  <Highlighted hit={hit} />
                </span>
                {hit.also && (
                  <span className="tenon-search-also">
                    <Highlighted hit={hit.also} />
                  </span>
                )}
              </span>
              <span className="tenon-search-trail">{trail(hit.entry)}</span>
            </div>
          ))}
        </div>
        <div className="tenon-search-hint">{t('shell.search.hint')}</div>
      </Modal>
    </>
  );
}
