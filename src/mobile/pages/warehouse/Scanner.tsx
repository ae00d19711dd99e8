import { useEffect, useRef, useState } from 'react';
import { Button, DotLoading, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { createBarcodeReader } from './barcode-reader.ts';

/** Time between two reads of the camera picture: often enough to feel instant, rare enough to spare the battery. */
const READ_EVERY_MS = 250;

type Problem = 'noCamera' | 'cameraDenied' | 'cameraFailed';

function problemOf(error: unknown): Problem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'cameraDenied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'cameraFailed';
}

/**
 * The rear camera in a sheet, read until a code is found (EAN-13, Code 128, QR), which goes to `onResult`. Without a
 * camera or its permission it says so; typing the part number stays possible behind it.
 */
export function Scanner({ visible, onClose, onResult }: Props) {
  return (
    <Popup visible={visible} onMaskClick={onClose} destroyOnClose bodyClassName="m-scanner">
      {visible && <CameraReader onClose={onClose} onResult={onResult} />}
    </Popup>
  );
}

interface Props {
  visible: boolean;
  onClose: () => void;
  onResult: (code: string) => void;
}

function CameraReader({ onClose, onResult }: Omit<Props, 'visible'>) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<Problem>();
  const [reading, setReading] = useState(false);
  const found = useRef(onResult);
  found.current = onResult;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera', 'NotFoundError');
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      stream = media;
      if (stopped) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      const reader = await createBarcodeReader();
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = media;
      await element.play();
      setReading(true);
      const read = async () => {
        if (stopped) return;
        const codes = element.readyState >= 2 ? await reader.detect(element).catch(() => []) : [];
        const code = codes.find((candidate) => candidate.rawValue)?.rawValue;
        if (code && !stopped) {
          found.current(code);
          return;
        }
        timer = setTimeout(() => void read(), READ_EVERY_MS);
      };
      void read();
    };
    start().catch((error: unknown) => {
      if (!stopped) setProblem(problemOf(error));
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="m-scanner-body" role="dialog" aria-label={t('mobile.warehouse.scanTitle')}>
      <h3 className="m-sheet-title">{t('mobile.warehouse.scanTitle')}</h3>
      {problem ? (
        <p className="m-field-error" role="alert">
          {t(`mobile.warehouse.${problem}`)}
        </p>
      ) : (
        <div className="m-scanner-view">
          <video ref={video} className="m-scanner-video" muted playsInline />
          {!reading && (
            <div className="m-scanner-wait" aria-busy="true">
              <DotLoading color="white" />
            </div>
          )}
        </div>
      )}
      <p className="m-sheet-hint">{t('mobile.warehouse.scanHint')}</p>
      <Button block onClick={onClose}>
        {t('common.cancel')}
      </Button>
    </div>
  );
}
