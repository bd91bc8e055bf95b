import './webhooks.css';
import { webhookSignatureHeader } from '@dak/domain/webhooks';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { verifySnippet } from './verify-snippet';

/** How a receiver checks that a call came from Dak: the header's form and the snippet to copy. */
export function VerifySignature() {
  const { t } = useTranslation();
  return (
    <div className="webhook-verify">
      <Typography.Paragraph>
        {t('webhooks.verify.intro', { header: webhookSignatureHeader })}
      </Typography.Paragraph>
      <Typography.Paragraph
        className="code-snippet"
        copyable={{ text: verifySnippet, tooltips: [t('webhooks.copy'), t('webhooks.copied')] }}
      >
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard */}
        <pre dir="ltr" tabIndex={0} data-testid="verify-snippet">
          {verifySnippet}
        </pre>
      </Typography.Paragraph>
    </div>
  );
}
