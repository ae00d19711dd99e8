import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function FullScreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const toggle = () => {
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
      () => undefined,
    );
  };
  const label = t(full ? 'shell.top.exitFullScreen' : 'shell.top.fullScreen');
  return (
    <Button
      type="text"
      className="tenon-top-item"
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
      aria-label={label}
      title={label}
    />
  );
}
