import { type InvoiceStatus, invoiceStatuses } from '@dak/domain/money-api';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { oneOf, useListParams } from '../../../components/list/use-list-params';
import { useOpsInvoices } from '../api/invoices';
import { InvoiceTable } from './invoice-table';

const pageSize = 20;

/** Invoices by status (in the address, processing first): the ones finance still has to decide. */
export function InvoicesTab() {
  const { t } = useTranslation();
  const { params, page, offset, update, setPage } = useListParams({ pageSize });
  const status = oneOf(params.get('status'), invoiceStatuses, 'payment_processing');
  const invoices = useOpsInvoices({ status, limit: pageSize, offset });
  return (
    <>
      <div className="ops-toolbar">
        <div className="ops-toolbar__item">
          <Segmented<InvoiceStatus>
            className="payouts-segmented"
            value={status}
            onChange={(next) => update({ status: next === 'payment_processing' ? null : next })}
            options={invoiceStatuses.map((s) => ({
              value: s,
              label: t(`opsConsole.payouts.invoices.statuses.${s}`),
            }))}
          />
        </div>
      </div>
      <InvoiceTable list={invoices} page={page} pageSize={pageSize} onPage={setPage} />
    </>
  );
}
