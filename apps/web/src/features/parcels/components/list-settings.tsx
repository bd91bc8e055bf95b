import { SettingOutlined } from '@ant-design/icons';
import { parcelSorts } from '@dak/domain/parcel';
import {
  type ParcelListPreferences,
  parcelListColumns,
  parcelListPageSizes,
  parcelListPreferencesSchema,
  prepaymentPreferences,
  returnDecisions,
} from '@dak/domain/parcel-list';
import { parcelStatusGroupNames } from '@dak/domain/parcel-status';
import { Alert, Button, Checkbox, Grid, Modal, Popover, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useSaveParcelListPreferences } from '../api/parcel-list-preferences';
import './parcels.css';

const allTabs = 'all';

/**
 * The parcel list's settings, saved for this user and shop: what the list shows (columns, page size,
 * order, opening tab) and how it handles failed deliveries and parcels held for prepayment.
 */
export function ListSettings({
  shopId,
  preferences,
  initiallyOpen = false,
}: {
  shopId: string;
  preferences: ParcelListPreferences;
  /** Open at once: the list shows a light button and loads this (antd) on its first press. */
  initiallyOpen?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const [open, setOpen] = useState(initiallyOpen);
  const phone = !Grid.useBreakpoint().md;
  const [draft, setDraft] = useState<ParcelListPreferences>(preferences);
  const save = useSaveParcelListPreferences(shopId);
  const checked = parcelListPreferencesSchema.safeParse(draft);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setDraft(preferences);
      save.reset();
    }
    setOpen(next);
  };

  const submit = () => {
    if (!checked.success) return;
    save.mutate(checked.data, {
      onSuccess: () => {
        toast.success(t('parcels.settings.saved'));
        setOpen(false);
      },
    });
  };

  const content = (
    <div className="list-settings" data-testid="list-settings">
      <div className="list-settings__sections">
        <div className="list-settings__section">
          <fieldset className="list-settings__group">
            <legend>{t('parcels.settings.columns')}</legend>
            <Typography.Text type="secondary" className="list-settings__hint">
              {t('parcels.settings.columnsHint')}
            </Typography.Text>
            <Checkbox.Group
              className="list-settings__columns"
              value={draft.columns}
              onChange={(columns) =>
                setDraft({ ...draft, columns: columns as ParcelListPreferences['columns'] })
              }
              options={parcelListColumns.map((column) => ({
                value: column,
                label: t(`parcels.columnNames.${column}`),
              }))}
            />
            {draft.columns.length === 0 ? (
              <Typography.Text type="danger" role="alert">
                {t('parcels.settings.columnsRequired')}
              </Typography.Text>
            ) : null}
          </fieldset>
          <div className="list-settings__field">
            <label htmlFor="list-settings-page-size">{t('parcels.settings.pageSize')}</label>
            <Select
              id="list-settings-page-size"
              value={draft.pageSize}
              onChange={(pageSize) => setDraft({ ...draft, pageSize })}
              options={parcelListPageSizes.map((size) => ({
                value: size,
                label: formatNumber(size, language),
              }))}
              data-testid="settings-page-size"
            />
          </div>
          <div className="list-settings__field">
            <label htmlFor="list-settings-sort">{t('parcels.settings.sort')}</label>
            <Select
              id="list-settings-sort"
              value={draft.sort}
              onChange={(sort) => setDraft({ ...draft, sort })}
              options={parcelSorts.map((sort) => ({
                value: sort,
                label: t(
                  sort === 'createdAt:asc'
                    ? 'parcels.settings.sorts.oldest'
                    : 'parcels.settings.sorts.newest',
                ),
              }))}
            />
          </div>
          <div className="list-settings__field">
            <label htmlFor="list-settings-tab">{t('parcels.settings.openingTab')}</label>
            <Select
              id="list-settings-tab"
              value={draft.defaultStatusGroup ?? allTabs}
              onChange={(tab) =>
                setDraft({
                  ...draft,
                  defaultStatusGroup: tab === allTabs ? null : (tab as typeof draft.defaultStatusGroup),
                })
              }
              options={[
                { value: allTabs, label: t('parcels.groups.all') },
                ...parcelStatusGroupNames.map((group) => ({
                  value: group,
                  label: t(`parcels.groups.${group}`),
                })),
              ]}
            />
          </div>
        </div>
        <fieldset className="list-settings__group list-settings__section">
          <legend>{t('parcels.settings.holds')}</legend>
          <Checkbox
            checked={draft.reattemptList}
            onChange={(event) => setDraft({ ...draft, reattemptList: event.target.checked })}
            data-testid="settings-reattempt-list"
          >
            {t('parcels.settings.reattemptList')}
          </Checkbox>
          <div className="list-settings__field">
            <label htmlFor="list-settings-decision">{t('parcels.settings.defaultDecision')}</label>
            <Select
              id="list-settings-decision"
              value={draft.reattemptConfig.defaultDecision}
              onChange={(defaultDecision) => setDraft({ ...draft, reattemptConfig: { defaultDecision } })}
              options={returnDecisions.map((decision) => ({
                value: decision,
                label: t(`parcels.settings.decisions.${decision}`),
              }))}
            />
            <Typography.Text type="secondary" className="list-settings__hint">
              {t('parcels.settings.defaultDecisionHint')}
            </Typography.Text>
          </div>
          <div className="list-settings__field">
            <span id="list-settings-prepayment">{t('parcels.settings.prepayment')}</span>
            <Radio.Group
              aria-labelledby="list-settings-prepayment"
              className="list-settings__choices"
              value={draft.prepaymentPreference}
              onChange={(event) => setDraft({ ...draft, prepaymentPreference: event.target.value })}
              options={prepaymentPreferences.map((choice) => ({
                value: choice,
                label: t(`parcels.settings.prepaymentChoices.${choice}`),
              }))}
              data-testid="settings-prepayment"
            />
          </div>
          <Checkbox
            checked={draft.prepaymentBlockInEdit}
            onChange={(event) => setDraft({ ...draft, prepaymentBlockInEdit: event.target.checked })}
          >
            {t('parcels.settings.prepaymentBlockInEdit')}
          </Checkbox>
        </fieldset>
      </div>
      {save.isError ? <Alert type="error" showIcon title={errorText(save.error)} /> : null}
      <div className="list-settings__actions">
        <Button onClick={() => setOpen(false)}>{t('actions.cancel')}</Button>
        <Button type="primary" onClick={submit} loading={save.isPending} disabled={!checked.success}>
          {t('actions.save')}
        </Button>
      </div>
    </div>
  );

  const trigger = (
    <Button
      icon={<SettingOutlined aria-hidden />}
      data-testid="settings-open"
      onClick={phone ? () => onOpenChange(true) : undefined}
    >
      {t('parcels.settings.button')}
    </Button>
  );
  // A popover has no room on a phone: the same settings in a dialog there.
  if (phone) {
    return (
      <>
        {trigger}
        <Modal open={open} title={t('parcels.settings.title')} onCancel={() => setOpen(false)} footer={null}>
          {content}
        </Modal>
      </>
    );
  }
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      title={t('parcels.settings.title')}
      content={content}
    >
      {trigger}
    </Popover>
  );
}
