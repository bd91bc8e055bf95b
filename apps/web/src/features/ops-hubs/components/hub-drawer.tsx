import { formatPhoneLocal, normalizePhone } from '@dak/domain/phone';
import { Button, Descriptions, Drawer, Form, Grid, Input, Skeleton, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { OpsLoadError, useOpsErrorText } from '../../../components/ops/ops-error';
import { formatNumber, toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useHub, useUpdateHub } from '../api/hubs';

type HubDrawerProps = { hubId: string | null; canEdit: boolean; onClose: () => void };

/** One hub: code, district, the areas it serves, who works there; the admin edits address and phone. */
export function HubDrawer({ hubId, canEdit, onClose }: HubDrawerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const wide = Grid.useBreakpoint().md !== false;
  const hub = useHub(hubId);
  const update = useUpdateHub();
  const [form] = Form.useForm<{ address: string; phone: string }>();
  const name = (n: { en: string; bn: string }) => (language === 'bn' ? n.bn : n.en);

  useEffect(() => {
    if (hub.data) {
      form.setFieldsValue({
        address: hub.data.address ?? '',
        phone: hub.data.phone ? formatPhoneLocal(hub.data.phone).replace('-', '') : '',
      });
    }
  }, [hub.data, form]);

  const save = async (values: { address: string; phone: string }) => {
    if (!hubId) return;
    try {
      await update.mutateAsync({
        id: hubId,
        address: values.address.trim() === '' ? null : values.address.trim(),
        phone: values.phone.trim() === '' ? null : toLatinDigits(values.phone.trim()),
      });
      toast.success(t('opsConsole.hubs.saved'));
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <Drawer
      className="ops-drawer"
      open={hubId !== null}
      onClose={onClose}
      size={wide ? 640 : '100%'}
      title={hub.data ? name(hub.data.name) : t('opsConsole.hubs.title')}
    >
      {hub.isPending ? (
        <Skeleton active />
      ) : hub.isError ? (
        <OpsLoadError error={hub.error} onRetry={() => void hub.refetch()} />
      ) : (
        <div className="ops-stack">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('opsConsole.hubs.columns.code')}>
              <span className="ops-mono">{hub.data.id}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.hubs.columns.district')}>
              {name(hub.data.district.name)}
            </Descriptions.Item>
            <Descriptions.Item label={t('opsConsole.hubs.columns.kind')}>
              {t(`opsConsole.hubs.kinds.${hub.data.kind}`)}
            </Descriptions.Item>
            {!canEdit ? (
              <>
                <Descriptions.Item label={t('opsConsole.hubs.columns.address')}>
                  {hub.data.address ?? t('opsConsole.hubs.noAddress')}
                </Descriptions.Item>
                <Descriptions.Item label={t('opsConsole.hubs.columns.phone')}>
                  {hub.data.phone ? (
                    <span className="phone-number">{formatPhoneLocal(hub.data.phone)}</span>
                  ) : (
                    '—'
                  )}
                </Descriptions.Item>
              </>
            ) : null}
          </Descriptions>

          {canEdit ? (
            <Form form={form} layout="vertical" onFinish={(v) => void save(v)} requiredMark={false}>
              <Typography.Title level={2} className="ops-section-title">
                {t('opsConsole.hubs.contact')}
              </Typography.Title>
              <Form.Item
                name="address"
                label={t('opsConsole.hubs.columns.address')}
                rules={[{ min: 5, message: t('opsConsole.hubs.addressTooShort') }]}
              >
                <Input.TextArea rows={2} maxLength={300} />
              </Form.Item>
              <Form.Item
                name="phone"
                label={t('opsConsole.hubs.columns.phone')}
                rules={[
                  {
                    validator: (_, value: string) =>
                      !value || normalizePhone(toLatinDigits(value))
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('validation.invalidPhone'))),
                  },
                ]}
              >
                <Input type="tel" inputMode="tel" maxLength={20} placeholder={t('placeholders.phone')} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={update.isPending}>
                {t('opsConsole.hubs.save')}
              </Button>
            </Form>
          ) : null}

          <Typography.Title level={2} className="ops-section-title">
            {t('opsConsole.hubs.staffTitle', { n: formatNumber(hub.data.staff.length, language) })}
          </Typography.Title>
          {hub.data.staff.length === 0 ? (
            <Typography.Text type="secondary">{t('opsConsole.hubs.noStaff')}</Typography.Text>
          ) : (
            <ul className="hub-people">
              {hub.data.staff.map((s) => (
                <li key={s.id}>
                  <span>{s.name}</span>
                  <span className="phone-number ops-secondary">{formatPhoneLocal(s.phone)}</span>
                  <Tag>{t(`ops.roles.${s.role as 'admin'}`)}</Tag>
                  {!s.active ? <Tag color="red">{t('opsConsole.riders.inactive')}</Tag> : null}
                </li>
              ))}
            </ul>
          )}

          <Typography.Title level={2} className="ops-section-title">
            {t('opsConsole.hubs.areasTitle', { n: formatNumber(hub.data.areas.length, language) })}
          </Typography.Title>
          <div className="hub-areas">
            {hub.data.areas.map((a) => (
              <Tag key={a.id}>{name(a.name)}</Tag>
            ))}
          </div>
        </div>
      )}
    </Drawer>
  );
}
