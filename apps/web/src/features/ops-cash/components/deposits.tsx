import { PlusOutlined } from '@ant-design/icons';
import { depositRequestSchema, type depositSchema } from '@dak/domain/money-api';
import { Button, DatePicker, Form, Grid, Input, Modal, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { OpsListTable } from '../../../components/list/ops-list';
import { DateTime } from '../../../components/ops/date-time';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDate, formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useDeposits, useRecordDeposit } from '../api/cash';
import { useCashErrorText } from '../cash-error';
import { parseTaka } from './handover-dialog';

type Deposit = z.infer<typeof depositSchema>;
type Values = { amount?: string; bankReference?: string; depositedOn?: Dayjs | null };
const pageSize = 10;

function RecordDepositDialog({
  hubId,
  open,
  onClose,
}: {
  hubId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const screens = Grid.useBreakpoint();
  const errorText = useCashErrorText();
  const record = useRecordDeposit(hubId);
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setError(null);
    const amount = parseTaka(values.amount);
    const parsed = depositRequestSchema.safeParse({
      amount: amount ?? 0,
      bankReference: values.bankReference ?? '',
      depositedOn: values.depositedOn?.format('YYYY-MM-DD') ?? '',
    });
    if (!parsed.success || amount === null) {
      const fields = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
      if (amount === null) fields.add('amount');
      const words = {
        amount: t('opsConsole.cash.deposits.amountRequired'),
        bankReference: t('opsConsole.cash.deposits.referenceRequired'),
        depositedOn: t('opsConsole.cash.deposits.dateRequired'),
      } as const;
      form.setFields(
        (['amount', 'bankReference', 'depositedOn'] as const)
          .filter((f) => fields.has(f))
          .map((f) => ({ name: f, errors: [words[f]] })),
      );
      return;
    }
    try {
      await record.mutateAsync(parsed.data);
      toast.success(
        t('opsConsole.cash.deposits.recorded', { amount: formatTaka(parsed.data.amount, language) }),
      );
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('opsConsole.cash.deposits.record')}
      width={screens.md ? 480 : '100%'}
      footer={null}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="hub-deposit"
        layout="vertical"
        requiredMark={false}
        initialValues={{ depositedOn: dayjs() }}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setError(null)}
      >
        <Form.Item name="amount" label={t('opsConsole.cash.deposits.amount')}>
          <Input inputMode="decimal" autoComplete="off" maxLength={14} prefix="৳" />
        </Form.Item>
        <Form.Item name="bankReference" label={t('opsConsole.cash.deposits.bankReference')}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item name="depositedOn" label={t('opsConsole.cash.deposits.depositedOn')}>
          <DatePicker format="YYYY-MM-DD" disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <FormAlert message={error} />
        <div className="ops-actions">
          <Button type="primary" htmlType="submit" loading={record.isPending}>
            {t('opsConsole.cash.deposits.save')}
          </Button>
          <Button onClick={onClose}>{t('opsConsole.common.cancel')}</Button>
        </div>
      </Form>
    </Modal>
  );
}

/** The hub's bank deposits (finance's to record): the list, and "Record deposit". */
export function Deposits({ hubId }: { hubId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const deposits = useDeposits(hubId, { limit: pageSize, offset: (page - 1) * pageSize }, true);
  const phone = Grid.useBreakpoint().sm === false;
  const columns: TableColumnsType<Deposit> = [
    {
      key: 'date',
      title: t('opsConsole.cash.deposits.columns.date'),
      render: (_, d) => (
        <>
          <span className="ops-nowrap">{formatDate(d.depositedOn, language)}</span>
          {/* On a phone the reference folds under the date. */}
          {phone ? <span className="ops-secondary ops-mono ops-wrap">{d.bankReference}</span> : null}
        </>
      ),
    },
    {
      key: 'amount',
      title: t('opsConsole.cash.deposits.columns.amount'),
      align: 'right',
      render: (_, d) => <span className="ops-nowrap">{formatTaka(d.amount, language)}</span>,
    },
    {
      key: 'reference',
      title: t('opsConsole.cash.deposits.columns.reference'),
      responsive: ['sm'],
      render: (_, d) => <span className="ops-mono ops-wrap">{d.bankReference}</span>,
    },
    {
      key: 'by',
      title: t('opsConsole.cash.deposits.columns.by'),
      responsive: ['md'],
      render: (_, d) => (
        <>
          {d.recordedBy}
          <span className="ops-secondary">
            <DateTime value={new Date(d.at)} />
          </span>
        </>
      ),
    },
  ];
  return (
    <section className="cash-section" aria-labelledby="cash-deposits-title">
      <div className="cash-section__head">
        <Typography.Title level={2} className="ops-section-title" id="cash-deposits-title">
          {t('opsConsole.cash.deposits.title')}
        </Typography.Title>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)}>
          {t('opsConsole.cash.deposits.record')}
        </Button>
      </div>
      <OpsListTable<Deposit>
        list={deposits}
        columns={columns}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        emptyText={t('opsConsole.cash.deposits.empty')}
        totalText={(total) => t('opsConsole.cash.deposits.total', { n: formatNumber(total, language) })}
      />
      <RecordDepositDialog hubId={hubId} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
