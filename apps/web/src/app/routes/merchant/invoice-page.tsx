import { useLocation, useParams } from 'react-router';
import { InvoiceDetail } from '../../../features/payments/components/invoice-detail';
import type { InvoiceLinkState } from '../../../features/payments/components/invoice-list';
import { RequireShop } from '../../require-shop';

/** One invoice of the selected shop: its parcels by settlement type and the CSV. Owner only. */
export function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const state = useLocation().state as InvoiceLinkState | null;
  // The list hands its row along; opened from elsewhere, the page heads without it.
  const invoice = state?.invoice?.id === invoiceId ? state.invoice : undefined;
  return (
    <div className="page page--wide">
      <RequireShop permission="payment.view">
        {(shop) => <InvoiceDetail key={shop.id} shopId={shop.id} invoiceId={invoiceId} invoice={invoice} />}
      </RequireShop>
    </div>
  );
}
