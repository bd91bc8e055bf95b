import { ReloadOutlined } from '@ant-design/icons';
import { normalizePhone } from '@dak/domain/phone';
import { Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageParam, withParams } from '../../../components/list/use-list-params';
import { isForbidden, OpsLoadError } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useSmsOutbox } from '../../../features/ops-sms/api/list-sms-outbox';
import { SmsOutboxTable } from '../../../features/ops-sms/components/sms-outbox-table';
import { toLatinDigits } from '../../../lib/format';

const pageSize = 20;

/** The SMS outbox: what was sent to whom; filter by a phone number. */
export function SmsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const to = params.get('to');
  const page = pageParam(params.get('page'));
  const [text, setText] = useState(to ?? '');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setText(to ?? ''), [to]);
  const outbox = useSmsOutbox({ to, limit: pageSize, offset: (page - 1) * pageSize });

  const search = (value: string) => {
    const typed = toLatinDigits(value.trim());
    if (typed === '') {
      setInvalid(false);
      setParams(withParams(params, { to: null, page: null }));
      return;
    }
    if (!normalizePhone(typed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setParams(withParams(params, { to: typed, page: null }));
  };

  return (
    <>
      <OpsPageHeader
        title={t('opsConsole.sms.title')}
        subtitle={t('opsConsole.sms.subtitle')}
        extra={
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void outbox.refetch()}
            loading={outbox.isFetching}
          >
            {t('opsConsole.common.refresh')}
          </Button>
        }
      />
      <div className="ops-panel">
        <div className="ops-toolbar">
          <div className="ops-toolbar__item ops-toolbar__grow">
            <label htmlFor="ops-sms-phone">{t('opsConsole.sms.phoneLabel')}</label>
            <Input.Search
              id="ops-sms-phone"
              type="tel"
              inputMode="tel"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (invalid) setInvalid(false);
              }}
              onSearch={search}
              placeholder={t('placeholders.phone')}
              enterButton={t('opsConsole.common.search')}
              allowClear
              maxLength={20}
              status={invalid ? 'error' : undefined}
              aria-invalid={invalid}
              aria-describedby={invalid ? 'ops-sms-phone-error' : undefined}
            />
            {invalid ? (
              <span id="ops-sms-phone-error" className="ops-field-error" role="alert">
                {t('validation.invalidPhone')}
              </span>
            ) : null}
          </div>
        </div>
        {outbox.isError && (isForbidden(outbox.error) || !outbox.data) ? (
          <OpsLoadError error={outbox.error} onRetry={() => void outbox.refetch()} />
        ) : (
          <SmsOutboxTable
            data={outbox.data}
            loading={outbox.isPending || outbox.isPlaceholderData}
            page={page}
            pageSize={pageSize}
            onPageChange={(next) => setParams(withParams(params, { page: next === 1 ? null : String(next) }))}
          />
        )}
      </div>
    </>
  );
}
