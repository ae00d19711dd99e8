import { useState } from 'react';
import { Button, Modal } from 'antd';
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SHELL_THEMES, THEME_KEYS } from '../../theme/themes.ts';
import { themeStore, useThemeState } from '../../theme/theme-store.ts';

/** The 11 themes, each previewed with its sidebar, header and page colours. */
export function ThemePicker() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { themeKey } = useThemeState();
  return (
    <>
      <Button
        type="text"
        className="tenon-top-item"
        icon={<BgColorsOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('shell.theme.title')}
        title={t('shell.theme.title')}
      />
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={t('shell.theme.title')} width={640}>
        <div className="tenon-theme-grid">
          {THEME_KEYS.map((key) => {
            const theme = SHELL_THEMES[key];
            return (
              <button
                key={key}
                type="button"
                className={key === themeKey ? 'tenon-theme-card is-active' : 'tenon-theme-card'}
                // Saber closes the dialog on a pick: the new theme shows on the whole console at once.
                onClick={() => {
                  themeStore.setTheme(key);
                  setOpen(false);
                }}
                aria-pressed={key === themeKey}
              >
                <span className="tenon-theme-preview" style={{ background: theme.bodyBg }}>
                  <span className="tenon-theme-preview-sider" style={{ background: theme.siderBg }} />
                  <span className="tenon-theme-preview-header" style={{ background: theme.headerBg }} />
                  {key === themeKey && <CheckOutlined className="tenon-theme-check" />}
                </span>
                <span className="tenon-theme-name">{t(`shell.theme.names.${key}`)}</span>
              </button>
            );
          })}
        </div>
      </Modal>
    </>
  );
}
