import { PlayCircleOutlined } from '@ant-design/icons';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { type CallItem, getRecording } from '../api/call-logs';

/** Plays a recording: fetched with the session (never a public address) on the first click. */
export function Recording({ shopId, call }: { shopId: string; call: CallItem }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!call.hasRecording) {
    return (
      <span className="returns-secondary">
        {call.recordingDeleted ? t('callLogs.recordingDeleted') : t('callLogs.noRecording')}
      </span>
    );
  }
  if (url) {
    return (
      <span className="call-recording">
        {/* biome-ignore lint/a11y/useMediaCaption: a phone call's recording has no captions to offer. */}
        <audio
          controls
          autoPlay
          src={url}
          aria-label={t('callLogs.playLabel', { phone: formatPhoneLocal(call.customerPhone) })}
        />
      </span>
    );
  }
  return (
    <Button
      icon={<PlayCircleOutlined aria-hidden />}
      loading={loading}
      aria-label={t('callLogs.playLabel', { phone: formatPhoneLocal(call.customerPhone) })}
      onClick={async () => {
        setLoading(true);
        try {
          setUrl(URL.createObjectURL(await getRecording(shopId, call.id)));
        } catch (error) {
          toast.error(errorText(error));
        } finally {
          setLoading(false);
        }
      }}
    >
      {t('callLogs.play')}
    </Button>
  );
}
