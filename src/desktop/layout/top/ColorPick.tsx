import { ColorPicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { site } from '../../../client/config.ts';
import { themeStore, useThemeState } from '../../theme/theme-store.ts';

const PRESETS = [
  site.defaultColor,
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#fa541c',
  '#f5222d',
  '#eb2f96',
  '#722ed1',
  '#2f54eb',
  '#303133',
];

/** Primary colour (default #409EFF): antd's colorPrimary for the whole console. */
export function ColorPick() {
  const { t } = useTranslation();
  const { color } = useThemeState();
  return (
    <span className="tenon-top-item tenon-color" title={t('shell.color.title')}>
      <ColorPicker
        size="small"
        value={color}
        disabledAlpha
        presets={[{ label: t('shell.color.presets'), colors: PRESETS }]}
        onChangeComplete={(value) => themeStore.setColor(value.toHexString())}
        aria-label={t('shell.color.title')}
      />
    </span>
  );
}
