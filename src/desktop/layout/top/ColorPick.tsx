import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../../../client/idle.ts';
import { useThemeState } from '../../theme/theme-store.ts';

/**
 * antd's ColorPicker brings its panel, inputs and a Select (40 KiB compressed): a login's first screen would wait for
 * it, so the top bar shows the colour as a plain swatch and the picker replaces it once the page is idle, or at
 * once when the swatch is pointed at or pressed.
 */
const ColorPickerControl = lazy(() => import('./ColorPickerControl.tsx'));

/** Primary colour (default #409EFF): antd's colorPrimary for the whole console. */
export function ColorPick() {
  const { t } = useTranslation();
  const { color } = useThemeState();
  const [wanted, setWanted] = useState<'idle' | 'pressed'>();
  const loadPicker = () => setWanted((current) => current ?? 'idle');
  useEffect(() => whenIdle(loadPicker), []);
  const swatch = (
    <button
      type="button"
      className="tenon-color-swatch"
      aria-label={t('shell.color.title')}
      onPointerEnter={loadPicker}
      onFocus={loadPicker}
      onClick={() => setWanted('pressed')}
    >
      <span style={{ background: color }} />
    </button>
  );
  return (
    <span className="tenon-top-item tenon-color" title={t('shell.color.title')}>
      {wanted ? (
        <Suspense fallback={swatch}>
          <ColorPickerControl openAtFirst={wanted === 'pressed'} />
        </Suspense>
      ) : (
        swatch
      )}
    </span>
  );
}
