import { nidFailSchema } from '@dak/domain/nid';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Descriptions, Drawer, Form, Grid, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { DateTime } from '../../../components/ops/date-time';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import { FormAlert } from '../../../components/ui/form-alert';
import { schemaRule } from '../../../lib/form-validation';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useDecideNid } from '../api/decide-nid';
import type { NidReviewItem } from '../api/list-nid-reviews';
import { NidImage } from './nid-image';
import { NidSubmissionTag } from './nid-queue-table';
import './nid-images.css';

type NidReviewDrawerProps = {
  /** The submission shown; it stays while the drawer slides shut. */
  item: NidReviewItem | null;
  open: boolean;
  onClose: () => void;
  /** The drawer has finished closing: the page may forget the submission. */
  afterClose: () => void;
};

/** Maps the shared schema's English messages to the console's words. */
const reasonMessages: Record<string, 'opsConsole.nid.reasonRequired' | 'opsConsole.nid.reasonTooLong'> = {
  'A reason is required': 'opsConsole.nid.reasonRequired',
  'Reason must be at most 500 characters': 'opsConsole.nid.reasonTooLong',
};

/**
 * One submission: the number, the owner's name and date of birth to compare with the card, both
 * photos, and the decision. Failing needs a reason, which the merchant reads.
 */
export function NidReviewDrawer({ item, open, onClose, afterClose }: NidReviewDrawerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const screens = Grid.useBreakpoint();
  const errorText = useOpsErrorText();
  const decide = useDecideNid();
  const [failing, setFailing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ reason?: string }>();

  const close = () => {
    setFailing(false);
    setError(null);
    form.resetFields();
    onClose();
  };

  const ownerName = item ? (item.user.fullName ?? item.user.name ?? '') : '';

  const run = async (input: Parameters<typeof decide.mutateAsync>[0], success: string) => {
    setError(null);
    try {
      await decide.mutateAsync(input);
      toast.success(success);
      close();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const approve = () => {
    if (!item) return;
    void run({ id: item.id, decision: 'approve' }, t('opsConsole.nid.approved', { name: ownerName }));
  };

  const fail = (values: { reason?: string }) => {
    if (!item) return;
    const parsed = nidFailSchema.safeParse({ reason: values.reason ?? '' });
    if (!parsed.success) return;
    void run(
      { id: item.id, decision: 'fail', reason: parsed.data.reason },
      t('opsConsole.nid.failed', { name: ownerName }),
    );
  };

  const translate = (message: string) => {
    const key = reasonMessages[message];
    return key ? t(key) : message;
  };

  return (
    <Drawer
      open={open && item !== null}
      onClose={close}
      afterOpenChange={(opened) => {
        if (!opened) afterClose();
      }}
      title={item ? t('opsConsole.nid.drawerTitle', { name: ownerName }) : ''}
      size={screens.md ? 720 : '100%'}
      destroyOnHidden
      closable={{ 'aria-label': t('actions.close') }}
    >
      {item ? (
        <div className="ops-stack">
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label={t('opsConsole.nid.number')}>
              <Typography.Text className="ops-mono" copyable data-testid="nid-number">
                {item.nidNumber}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.nid.status')}>
              <NidSubmissionTag status={item.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.nid.fullName')}>
              {item.user.fullName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.nid.dateOfBirth')}>
              {item.user.dateOfBirth ? formatDate(item.user.dateOfBirth, language) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.nid.phone')}>
              <span className="phone-number">{formatPhoneLocal(item.user.phone)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.nid.shop')}>
              {item.shop ? <Link to={`/ops/shops/${item.shop.id}`}>{item.shop.name}</Link> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.nid.submitted')}>
              <DateTime value={item.submittedAt} />
            </Descriptions.Item>
            {item.reviewedAt ? (
              <Descriptions.Item label={t('opsConsole.nid.reviewed')}>
                <DateTime value={item.reviewedAt} />
                {item.reviewedBy ? ` · ${item.reviewedBy.name}` : ''}
              </Descriptions.Item>
            ) : null}
            {item.reason ? (
              <Descriptions.Item label={t('opsConsole.nid.reason')} span={2}>
                {item.reason}
              </Descriptions.Item>
            ) : null}
          </Descriptions>

          <div className="nid-images">
            <NidImage submissionId={item.id} side="front" />
            <NidImage submissionId={item.id} side="back" />
          </div>

          <FormAlert message={error} />

          {item.status !== 'pending' ? null : failing ? (
            <Form form={form} layout="vertical" requiredMark={false} onFinish={fail} name="nid-fail">
              <Form.Item
                name="reason"
                label={t('opsConsole.nid.failReason')}
                extra={t('opsConsole.nid.failReasonHint')}
                rules={[
                  schemaRule(nidFailSchema.shape.reason, translate, (v) => (typeof v === 'string' ? v : '')),
                ]}
              >
                <Input.TextArea rows={3} maxLength={500} autoFocus />
              </Form.Item>
              <div className="ops-actions">
                <Button danger type="primary" htmlType="submit" loading={decide.isPending}>
                  {t('opsConsole.nid.confirmFail')}
                </Button>
                <Button onClick={() => setFailing(false)} disabled={decide.isPending}>
                  {t('opsConsole.common.cancel')}
                </Button>
              </div>
            </Form>
          ) : (
            <div className="ops-actions">
              <Button type="primary" size="large" onClick={approve} loading={decide.isPending}>
                {t('opsConsole.nid.approve')}
              </Button>
              <Button danger size="large" onClick={() => setFailing(true)} disabled={decide.isPending}>
                {t('opsConsole.nid.fail')}
              </Button>
            </div>
          )}
        </div>
      ) : null}
    </Drawer>
  );
}
