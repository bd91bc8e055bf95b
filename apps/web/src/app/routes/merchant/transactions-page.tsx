import { TransactionList } from '../../../features/payments/components/transaction-list';
import { RequireShop } from '../../require-shop';

/** Transactions (issue 13): the shop's ledger lines, newest first. Owner only. */
export function TransactionsPage() {
  return (
    <div className="page page--wide">
      <RequireShop permission="payment.view">
        {(shop) => <TransactionList key={shop.id} shopId={shop.id} />}
      </RequireShop>
    </div>
  );
}
