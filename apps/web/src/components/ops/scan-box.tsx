import { CameraOutlined, CloseOutlined, ScanOutlined } from '@ant-design/icons';
import { Alert, Button, Input, type InputRef } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeDigits } from '../../lib/format';
import { type Language, useLanguage } from '../../lib/i18n';

const formatTime = (at: Date, language: Language) => localizeDigits(at.toTimeString().slice(0, 8), language);

export type ScanOutcome = { ok: boolean; text: string; detail?: string };
type Entry = ScanOutcome & { id: number; code: string; at: Date };

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/** The browser's own barcode reader (Chrome on Android, Edge, Safari 17+), if it has one. */
function barcodeDetector(): DetectorConstructor | null {
  const ctor = (window as unknown as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  return typeof ctor === 'function' ? ctor : null;
}

let audio: AudioContext | null = null;
/** A short high beep for a good scan, a low double buzz for a refused one. */
function beep(ok: boolean) {
  try {
    audio ??= new AudioContext();
    const tones = ok
      ? [[1320, 0, 0.09]]
      : [
          [220, 0, 0.16],
          [220, 0.22, 0.16],
        ];
    for (const [freq = 0, start = 0, length = 0] of tones) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = ok ? 'sine' : 'square';
      osc.frequency.value = freq;
      gain.gain.value = 0.12;
      osc.connect(gain).connect(audio.destination);
      const at = audio.currentTime + start;
      osc.start(at);
      osc.stop(at + length);
    }
  } catch {
    // No sound on this device; the flash and the list still say it.
  }
}

/**
 * The hub's scan box: a USB scanner types the code and Enter into it (focus is kept, so a
 * worker never has to click first); the phone's camera reads codes where the browser can. Each
 * scan beeps and flashes green or red and goes to the top of the last-scans list (`history`
 * false: no list, for a screen that keeps its own list of the scanned parcels).
 */
export function ScanBox({
  label,
  placeholder,
  onScan,
  disabled,
  history = true,
}: {
  label: string;
  placeholder: string;
  onScan: (code: string) => Promise<ScanOutcome>;
  disabled?: boolean;
  history?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const input = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<'ok' | 'error' | null>(null);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [camera, setCamera] = useState<'off' | 'on' | 'unsupported' | 'denied'>('off');
  const video = useRef<HTMLVideoElement>(null);
  const seq = useRef(0);
  const last = entries[0];

  const focus = useCallback(() => input.current?.focus({ preventScroll: true }), []);

  const submit = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!code || busy) return;
      setBusy(true);
      setValue('');
      let outcome: ScanOutcome;
      try {
        outcome = await onScan(code);
      } catch {
        outcome = { ok: false, text: t('opsConsole.hubWork.scanFailed') };
      }
      seq.current += 1;
      setEntries((list) => [{ ...outcome, code, at: new Date(), id: seq.current }, ...list].slice(0, 50));
      setFlash(outcome.ok ? 'ok' : 'error');
      beep(outcome.ok);
      setBusy(false);
      setTimeout(focus, 0);
    },
    [busy, onScan, focus, t],
  );

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), 700);
    return () => clearTimeout(timer);
  }, [flash]);

  // Keep the focus in the box: a click on empty page space, or a closed dialog, gives it back.
  useEffect(() => {
    if (disabled) return;
    focus();
    const keep = () =>
      setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) focus();
      }, 150);
    document.addEventListener('focusout', keep);
    return () => document.removeEventListener('focusout', keep);
  }, [disabled, focus]);

  // The camera: read a frame every 300 ms; the same code is taken once per 2 seconds.
  useEffect(() => {
    if (camera !== 'on') return;
    const Detector = barcodeDetector();
    if (!Detector) return;
    const detector = new Detector({ formats: ['code_128', 'qr_code', 'code_39', 'ean_13'] });
    let stream: MediaStream | null = null;
    let stopped = false;
    let lastCode = '';
    let lastAt = 0;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stopped) {
          const found = await detector.detect(video.current).catch(() => []);
          const raw = found[0]?.rawValue;
          // A QR label holds the tracking URL: the code is its last part.
          const code = raw?.split('/').pop();
          if (code && (code !== lastCode || Date.now() - lastAt > 2000)) {
            lastCode = code;
            lastAt = Date.now();
            await submit(code);
          }
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      } catch {
        if (!stopped) setCamera('denied');
      }
    })();
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [camera, submit]);

  const toggleCamera = () => {
    if (camera === 'on') setCamera('off');
    else setCamera(barcodeDetector() && navigator.mediaDevices ? 'on' : 'unsupported');
  };

  return (
    <div className={history ? 'scan-box' : 'scan-box scan-box--no-history'}>
      <label className="scan-box__label" htmlFor="scan-box-input">
        <ScanOutlined aria-hidden /> {label}
      </label>
      <div className={`scan-box__field${flash ? ` scan-box__field--${flash}` : ''}`}>
        <Input
          id="scan-box-input"
          ref={input}
          size="large"
          value={value}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          onChange={(e) => setValue(e.target.value)}
          onPressEnter={() => void submit(value)}
          className="scan-box__input"
        />
        <Button
          size="large"
          icon={camera === 'on' ? <CloseOutlined aria-hidden /> : <CameraOutlined aria-hidden />}
          onClick={toggleCamera}
          disabled={disabled}
        >
          {camera === 'on' ? t('opsConsole.hubWork.cameraStop') : t('opsConsole.hubWork.camera')}
        </Button>
      </div>
      {camera === 'unsupported' ? (
        <Alert type="info" showIcon message={t('opsConsole.hubWork.cameraUnsupported')} />
      ) : null}
      {camera === 'denied' ? (
        <Alert type="warning" showIcon message={t('opsConsole.hubWork.cameraDenied')} />
      ) : null}
      {camera === 'on' ? <video ref={video} className="scan-box__video" muted playsInline /> : null}
      <div
        className={`scan-box__result${last ? (last.ok ? ' scan-box__result--ok' : ' scan-box__result--error') : ''}`}
        role="status"
        aria-live="assertive"
      >
        {last ? (
          <>
            <div className="scan-box__result-text">{last.text}</div>
            {last.detail ? <div className="scan-box__result-detail">{last.detail}</div> : null}
          </>
        ) : (
          <div className="scan-box__result-text scan-box__result-text--idle">
            {t('opsConsole.hubWork.ready')}
          </div>
        )}
      </div>
      {history ? (
        <section className="scan-box__history" aria-label={t('opsConsole.hubWork.lastScans')}>
          <h2 className="scan-box__history-title">
            {t('opsConsole.hubWork.lastScans')}{' '}
            <span className="scan-box__tally">
              {t('opsConsole.hubWork.tally', {
                ok: localizeDigits(String(entries.filter((e) => e.ok).length), language),
                refused: localizeDigits(String(entries.filter((e) => !e.ok).length), language),
              })}
            </span>
          </h2>
          {entries.length === 0 ? (
            <p className="ops-secondary">{t('opsConsole.hubWork.noScans')}</p>
          ) : (
            <ol className="scan-box__list">
              {entries.map((e) => (
                <li key={e.id} className={e.ok ? 'scan-ok' : 'scan-error'}>
                  <span className="scan-box__time">{formatTime(e.at, language)}</span>
                  <span className="scan-box__code">{e.code}</span>
                  <span className="scan-box__text">
                    {e.text}
                    {e.ok && e.detail ? <span className="scan-box__detail">{e.detail}</span> : null}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </div>
  );
}
