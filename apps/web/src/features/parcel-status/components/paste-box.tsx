import { PlusOutlined } from '@ant-design/icons';
import { bulkStatusMax } from '@dak/domain/operations';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import { Alert, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { type Added, splitPasted } from '../hooks/use-status-batch';

/** Tracking IDs pasted in a box; what was not one stays there to be corrected, with a line on what was added. */
export function PasteBox({
  text,
  onText,
  result,
  onResult,
  add,
}: {
  text: string;
  onText: (text: string) => void;
  result: Added | null;
  onResult: (result: Added) => void;
  add: (ids: string[]) => Added;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const num = (n: number) => formatNumber(n, language);
  const addPasted = () => {
    const bad: string[] = [];
    const ids: string[] = [];
    for (const line of splitPasted(text)) {
      const trackingId = normalizeTrackingId(toLatinDigits(line));
      if (trackingId) ids.push(trackingId);
      else bad.push(line);
    }
    const counts = add(ids);
    onText(bad.join('\n'));
    onResult({ ...counts, bad: bad.length });
  };
  return (
    <div className="parcel-status__field">
      <label htmlFor="parcel-status-paste">{t('opsConsole.parcelStatus.paste')}</label>
      <Input.TextArea
        id="parcel-status-paste"
        className="parcel-status__paste"
        value={text}
        onChange={(e) => onText(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 8 }}
        spellCheck={false}
        placeholder={'DK7MQ2XH4BK\nDK…'}
      />
      <div>
        <Button icon={<PlusOutlined aria-hidden />} onClick={addPasted} disabled={text.trim() === ''}>
          {t('opsConsole.parcelStatus.addPasted')}
        </Button>
      </div>
      {result ? (
        <Alert
          type={result.bad || result.full ? 'warning' : 'success'}
          showIcon
          message={[
            t('opsConsole.parcelStatus.pastedAdded', { n: num(result.added) }),
            result.already ? t('opsConsole.parcelStatus.pastedAlready', { n: num(result.already) }) : null,
            result.bad ? t('opsConsole.parcelStatus.pastedBad', { n: num(result.bad) }) : null,
            result.full ? t('opsConsole.parcelStatus.listFull', { n: num(bulkStatusMax) }) : null,
          ]
            .filter(Boolean)
            .join(' ')}
        />
      ) : null}
    </div>
  );
}
