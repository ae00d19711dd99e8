import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../../client/i18n.ts';

/** zh/en switch; the preference is stored by setLanguage, antd and dayjs locales follow. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current: Language = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: [
          { key: 'zh', label: t('common.zh') },
          { key: 'en', label: t('common.en') },
        ],
        onClick: ({ key }) => void setLanguage(key === 'en' ? 'en' : 'zh'),
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<TranslationOutlined />}
        aria-label={t('common.language')}
        title={t('common.language')}
      />
    </Dropdown>
  );
}
