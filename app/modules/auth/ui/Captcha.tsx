import { useEffect, useEffectEvent, useId, useImperativeHandle, useRef, useState } from 'react';
import type { ReactElement, Ref } from 'react';
import { useRootData } from '#app/components/page/root-data.ts';
import { CAPTCHA_HEIGHT_PX } from '#app/modules/auth/auth.constants.ts';
import { SANDBOX_CAPTCHA_TOKEN } from '../auth.constants.ts';
import styles from './Captcha.module.css';

/** What a form can do with the widget: spec §4 resets it after each retry and after a failed captcha step. */
export interface CaptchaHandle {
  reset: () => void;
}

export interface CaptchaProps {
  /** The token once the check is passed; '' when it is reset or unticked. */
  onChange: (token: string) => void;
  ref?: Ref<CaptchaHandle>;
  /** Another way to reset: any change of the key resets the widget. */
  resetKey?: number | string;
  /** Show the invalid style (a submit attempt without a token). */
  invalid?: boolean;
}

const SCRIPT_URL = 'https://smartcaptcha.yandexcloud.net/captcha.js';
const ONLOAD = '__agroSmartCaptchaOnload';

interface SmartCaptcha {
  render: (container: HTMLElement, options: { sitekey: string; hl?: string; callback?: (token: string) => void }) => number;
  reset: (widgetId?: number) => void;
  destroy?: (widgetId?: number) => void;
}

declare global {
  interface Window {
    smartCaptcha?: SmartCaptcha;
    [ONLOAD]?: () => void;
  }
}

let loading: Promise<SmartCaptcha> | null = null;

/** Loads Yandex SmartCaptcha once per page; a failed load is forgotten so the next widget tries again. */
function loadSmartCaptcha(nonce: string): Promise<SmartCaptcha> {
  if (window.smartCaptcha) return Promise.resolve(window.smartCaptcha);
  if (loading) return loading;
  loading = new Promise<SmartCaptcha>((resolve, reject) => {
    window[ONLOAD] = () => (window.smartCaptcha ? resolve(window.smartCaptcha) : reject(new Error('smartCaptcha missing')));
    const script = document.createElement('script');
    script.src = `${SCRIPT_URL}?render=onload&onload=${ONLOAD}`;
    script.async = true;
    script.defer = true;
    if (nonce) script.nonce = nonce;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('SmartCaptcha failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The captcha of the phone steps (spec §4, §9: 100 px high, reserved up front). With a site key it
 * is Yandex SmartCaptcha; without one (development, tests) a sandbox check whose tick yields the
 * only token the sandbox verifier accepts.
 */
export function Captcha({ onChange, ref, resetKey, invalid = false }: CaptchaProps): ReactElement {
  const { settings, nonce } = useRootData();
  const siteKey = settings.captchaSiteKey;
  const id = useId();
  const [ticked, setTicked] = useState(false);
  const [failed, setFailed] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const emit = useEffectEvent((token: string) => onChange(token));

  const reset = () => {
    setTicked(false);
    if (widget.current !== null) window.smartCaptcha?.reset(widget.current);
    onChange('');
  };
  useImperativeHandle(ref, () => ({ reset }));

  const firstKey = useRef(resetKey);
  useEffect(() => {
    if (firstKey.current === resetKey) return;
    firstKey.current = resetKey;
    setTicked(false);
    if (widget.current !== null) window.smartCaptcha?.reset(widget.current);
    emit('');
  }, [resetKey]);

  useEffect(() => {
    if (!siteKey || !container.current) return;
    const node = container.current;
    let cancelled = false;
    loadSmartCaptcha(nonce).then((captcha) => {
      if (cancelled) return;
      widget.current = captcha.render(node, { sitekey: siteKey, hl: 'ru', callback: (token) => emit(token) });
    }).catch((error: unknown) => {
      console.error(error);
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      if (widget.current !== null) window.smartCaptcha?.destroy?.(widget.current);
      widget.current = null;
    };
  }, [siteKey, nonce]);

  const style = { height: `${CAPTCHA_HEIGHT_PX}px` };
  if (siteKey) {
    return (
      <div className={styles.captcha} style={style} data-invalid={invalid || undefined}>
        <div ref={container} className={styles.widget} />
        {failed ? <p className={styles.failed} role="alert">Не удалось загрузить проверку «Я не робот». Обновите страницу</p> : null}
      </div>
    );
  }
  return (
    <div className={`${styles.captcha} ${styles.sandbox}`} style={style} data-invalid={invalid || undefined}>
      <label className={styles.check} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className={styles.box}
          checked={ticked}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setTicked(next);
            onChange(next ? SANDBOX_CAPTCHA_TOKEN : '');
          }}
        />
        <span>Я не робот</span>
      </label>
      <span className={styles.note}>Тестовая проверка</span>
    </div>
  );
}
