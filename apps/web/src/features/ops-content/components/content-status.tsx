import { Form, InputNumber, Select, Switch, type TableColumnType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Parts two kinds of content share: draft or published (FAQ, blog), shown or hidden and a position (booths, truck types). */

export function StatusTag({ status }: { status: 'draft' | 'published' }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'published' ? 'green' : 'default'}>
      {t(`opsConsole.content.statuses.${status}`)}
    </Tag>
  );
}

export function StatusSelect(props: { id?: string; value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      options={(['draft', 'published'] as const).map((s) => ({
        value: s,
        label: t(`opsConsole.content.statuses.${s}`),
      }))}
    />
  );
}

/** The status column of a kind with drafts. */
export function statusColumn<Item extends { status: 'draft' | 'published' }>(
  t: TFunction,
): TableColumnType<Item> {
  return {
    key: 'status',
    title: t('opsConsole.content.status'),
    width: 110,
    responsive: ['sm'],
    render: (_, item) => <StatusTag status={item.status} />,
  };
}

/** The status column of a kind that is shown or hidden on the public site. */
export function shownColumn<Item extends { active: boolean }>(t: TFunction): TableColumnType<Item> {
  return {
    key: 'active',
    title: t('opsConsole.content.status'),
    width: 100,
    responsive: ['sm'],
    render: (_, item) =>
      item.active ? (
        <Tag color="green">{t('opsConsole.content.booths.open')}</Tag>
      ) : (
        <Tag>{t('opsConsole.content.booths.hidden')}</Tag>
      ),
  };
}

/** Shown on the public site, or not. */
export function ShownField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="active" label={t('opsConsole.content.booths.shown')} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

/** Where the item stands in the public list. */
export function PositionField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="position"
      label={t('opsConsole.content.fields.position')}
      extra={t('opsConsole.content.positionHint')}
    >
      <InputNumber min={0} max={10000} precision={0} className="content-number" />
    </Form.Item>
  );
}
