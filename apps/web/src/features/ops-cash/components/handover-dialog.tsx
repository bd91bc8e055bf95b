import { cashHandoverRequestSchema } from '@dak/domain/money-api';
import { Alert, Button, Form, Grid, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatTaka, toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useCashHandover } from '../api/cash';
import { useCashErrorText } from '../cash-error';

export type HandoverRider = { riderId: string; name: string; holding: number };
type Values = { amount?: string };
type Result = { expected: number; counted: number; shortage: number };

/** Taka as typed (Bengali digits too), whole or with paisa: 1500, 1,500, ১৫০০.৫০; else null. */
export function parseTaka(text: string | undefined): number | null {
  const plain = toLatinDigits(text ?? '').replace(/[,\s৳]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const amount = Number(plain);
  return cashHandoverRequestSchema.shape.amount.safeParse(amount).success ? amount : null;
}

/**
 * A rider hands their cash over: the hub enters what it counted, the server compares it with what
 * the books say the rider holds and answers expected, counted and shortage. A shortage is said in
 * red: it is recorded as the rider's due, never a silent difference.
 */
export function HandoverDialog({
  hubId,
  rider,
  onClose,
}: {
  hubId: string;
  rider: HandoverRider | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const screens = Grid.useBreakpoint();
  const errorText = useCashErrorText();
  const handover = useCashHandover(hubId);
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const taka = (n: number) => formatTaka(n, language);

  const close = () => {
    setResult(null);
    setError(null);
    onClose();
  };

  const submit = async ({ amount }: Values) => {
    if (!rider) return;
    setError(null);
    const counted = parseTaka(amount);
    if (counted === null) {
      form.setFields([{ name: 'amount', errors: [t('opsConsole.cash.errors.amountInvalid')] }]);
      return;
    }
    try {
      setResult(await handover.mutateAsync({ riderId: rider.riderId, amount: counted }));
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <Modal
      open={rider !== null}
      onCancel={close}
      title={rider ? t('opsConsole.cash.handoverTitle', { name: rider.name }) : ''}
      width={screens.md ? 480 : '100%'}
      footer={null}
      destroyOnHidden
    >
      {rider && result ? (
        <div className="cash-result" role="status">
          <dl className="cash-figures">
            <div>
              <dt>{t('opsConsole.cash.result.expected')}</dt>
              <dd>{taka(result.expected)}</dd>
            </div>
            <div>
              <dt>{t('opsConsole.cash.result.counted')}</dt>
              <dd>{taka(result.counted)}</dd>
            </div>
            <div>
              <dt>{t('opsConsole.cash.result.shortage')}</dt>
              <dd className={result.shortage > 0 ? 'cash-short' : undefined}>{taka(result.shortage)}</dd>
            </div>
          </dl>
          {result.shortage > 0 ? (
            <Alert
              type="error"
              showIcon
              className="cash-short-alert"
              title={t('opsConsole.cash.result.short', { amount: taka(result.shortage) })}
            />
          ) : (
            <Alert type="success" showIcon title={t('opsConsole.cash.result.exact')} />
          )}
          <div className="ops-actions">
            <Button type="primary" onClick={close}>
              {t('opsConsole.cash.result.done')}
            </Button>
          </div>
        </div>
      ) : rider ? (
        <Form<Values>
          form={form}
          name="cash-handover"
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void submit(values)}
          onValuesChange={() => setError(null)}
        >
          <p>{t('opsConsole.cash.expectedNow', { name: rider.name, amount: taka(rider.holding) })}</p>
          <Form.Item name="amount" label={t('opsConsole.cash.counted')}>
            <Input inputMode="decimal" autoComplete="off" maxLength={14} prefix="৳" />
          </Form.Item>
          <FormAlert message={error} />
          <div className="ops-actions">
            <Button type="primary" htmlType="submit" loading={handover.isPending}>
              {t('opsConsole.cash.record')}
            </Button>
            <Button onClick={close}>{t('opsConsole.common.cancel')}</Button>
          </div>
        </Form>
      ) : null}
    </Modal>
  );
}
