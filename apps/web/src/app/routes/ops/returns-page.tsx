import { ApprovalsList } from '../../../features/ops-returns/components/approvals-list';
import '../../../features/returns/components/returns.css';

/** Return approvals: the merchants' reattempt requests, approved or rejected one by one or in bulk. */
export function ReturnsPage() {
  return <ApprovalsList />;
}
