import { useState } from 'react';
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

/** antd's colour picker on the primary colour, opened at once when the user's tap is what loaded it. */
export default function ColorPickerControl({ openAtFirst }: { openAtFirst: boolean }) {
  const { t } = useTranslation();
  const { color } = useThemeState();
  const [open, setOpen] = useState(openAtFirst);
  return (
    <ColorPicker
      size="small"
      value={color}
      disabledAlpha
      open={open}
      onOpenChange={setOpen}
      presets={[{ label: t('shell.color.presets'), colors: PRESETS }]}
      onChangeComplete={(value) => themeStore.setColor(value.toHexString())}
      aria-label={t('shell.color.title')}
    />
  );
}
