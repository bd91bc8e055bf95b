import { App } from 'antd';
import { useEffect, useRef } from 'react';

export type ConfirmStep = { title: string; content: string; okText: string };

type BookingConfirmProps = {
  steps: ConfirmStep[];
  cancelText: string;
  /** Runs after the last question is answered yes; the last dialog stays busy until it settles. */
  onConfirmed: () => Promise<void>;
  onCancel: () => void;
};

/**
 * The booking form's questions before it books (spec 5: a low delivery record, a reverse parcel,
 * an exchange), one antd confirm dialog after another. Rarely needed, so the plain booking form
 * loads it (and antd) only when there is a question to ask (`withAntd`, issue 16).
 */
export function BookingConfirm({ steps, cancelText, onConfirmed, onCancel }: BookingConfirmProps) {
  const { modal } = App.useApp();
  const asked = useRef(false);
  const props = useRef({ steps, cancelText, onConfirmed, onCancel });

  useEffect(() => {
    // Once per mount (the form mounts a new one per submission), also under StrictMode's re-run.
    if (asked.current) return;
    asked.current = true;
    const { steps, cancelText, onConfirmed, onCancel } = props.current;
    const ask = (index: number): Promise<void> => {
      const step = steps[index];
      if (!step) return onConfirmed();
      modal.confirm({ ...step, cancelText, onOk: () => ask(index + 1), onCancel });
      return Promise.resolve();
    };
    void ask(0);
  }, [modal]);

  return null;
}
