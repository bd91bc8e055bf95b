import { flagUpdateSchema } from '@dak/domain/flags';
import { Button, Grid, InputNumber, Select, Switch, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DateTime } from '../../../components/ops/date-time';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import type { FeatureFlag, FeatureFlagList } from '../api/list-feature-flags';
import { type FeatureFlagPatch, useUpdateFeatureFlag } from '../api/update-feature-flag';
import './feature-flags.css';

type Draft = { enabled: boolean; percentage: number | null; allowList: string[] };

const shopIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function draftOf(flag: FeatureFlag): Draft {
  return { enabled: flag.enabled, percentage: flag.percentage, allowList: [...flag.allowList] };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** What changed, as the PUT body: only those fields, so two people tuning different fields do not clash. */
function patchOf(flag: FeatureFlag, draft: Draft): Partial<FeatureFlagPatch> {
  const patch: Partial<FeatureFlagPatch> = {};
  if (draft.enabled !== flag.enabled) patch.enabled = draft.enabled;
  if (draft.percentage !== null && draft.percentage !== flag.percentage) patch.percentage = draft.percentage;
  if (!sameList(draft.allowList, flag.allowList)) patch.allowList = draft.allowList;
  return patch;
}

/**
 * The flags with their rollout: the switch (off is off for every shop, allow-list included), the
 * share of shops from 0 to 100 %, and shops that always get it, by id. Each row saves on its own.
 */
export function FeatureFlagsTable({
  data,
  loading,
}: {
  data: FeatureFlagList | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useOpsErrorText();
  const screens = Grid.useBreakpoint();
  const update = useUpdateFeatureFlag();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [saving, setSaving] = useState<string | null>(null);

  const draftFor = (flag: FeatureFlag) => drafts[flag.name] ?? draftOf(flag);
  const change = (flag: FeatureFlag, next: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [flag.name]: { ...draftFor(flag), ...next } }));

  const save = async (flag: FeatureFlag) => {
    const draft = draftFor(flag);
    if (draft.percentage === null) {
      toast.error(t('opsConsole.flags.percentageRequired'));
      return;
    }
    const invalid = draft.allowList.filter((id) => !shopIdPattern.test(id));
    if (invalid.length > 0) {
      toast.error(t('opsConsole.flags.invalidShopIds', { ids: invalid.join(', ') }));
      return;
    }
    const parsed = flagUpdateSchema.safeParse(patchOf(flag, draft));
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? t('errors.generic'));
      return;
    }
    setSaving(flag.name);
    try {
      await update.mutateAsync({ name: flag.name, patch: parsed.data });
      setDrafts(({ [flag.name]: _saved, ...rest }) => rest);
      toast.success(t('opsConsole.flags.saved', { name: flag.name }));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setSaving(null);
    }
  };

  const info = (flag: FeatureFlag) => (
    <>
      <strong className="ops-mono flag-name">{flag.name}</strong>
      {flag.description ? <span className="ops-secondary">{flag.description}</span> : null}
      <span className="ops-secondary flag-updated">
        {t('opsConsole.flags.changed')} <DateTime value={flag.updatedAt} />
        {' · '}
        {flag.updatedBy?.name ?? t('opsConsole.flags.bySystem')}
      </span>
    </>
  );

  const controls = (flag: FeatureFlag) => {
    const draft = draftFor(flag);
    return (
      <div className="flag-controls">
        <div className="flag-controls__row">
          <div className="flag-control flag-control--inline">
            <Switch
              checked={draft.enabled}
              onChange={(enabled) => change(flag, { enabled })}
              aria-label={t('opsConsole.flags.enabledFor', { name: flag.name })}
            />
            <span aria-hidden>{t(draft.enabled ? 'opsConsole.flags.on' : 'opsConsole.flags.off')}</span>
          </div>
          <div className="flag-control flag-control--inline">
            <span aria-hidden>{t('opsConsole.flags.columns.percentage')}</span>
            <InputNumber<number>
              min={0}
              max={100}
              precision={0}
              step={5}
              suffix="%"
              value={draft.percentage}
              onChange={(value) => change(flag, { percentage: value })}
              status={draft.percentage === null ? 'error' : undefined}
              aria-label={t('opsConsole.flags.percentageFor', { name: flag.name })}
              className="flag-percentage"
            />
          </div>
        </div>
        <div className="flag-control">
          <span aria-hidden className="flag-control__label">
            {t('opsConsole.flags.columns.allowList')}
          </span>
          <Select<string[]>
            mode="tags"
            className="flag-allow-list"
            value={draft.allowList}
            onChange={(ids) =>
              change(flag, { allowList: ids.map((id) => id.trim().toLowerCase()).filter(Boolean) })
            }
            tokenSeparators={[',', ' ', '\n', ';']}
            open={false}
            suffixIcon={null}
            placeholder={t('opsConsole.flags.allowListPlaceholder')}
            aria-label={t('opsConsole.flags.allowListFor', { name: flag.name })}
            tagRender={({ label, value, closable, onClose }) => (
              <Tag
                color={shopIdPattern.test(String(value)) ? undefined : 'red'}
                closable={closable}
                onClose={onClose}
                className="flag-allow-list__tag ops-mono"
                title={String(value)}
              >
                {label}
              </Tag>
            )}
          />
        </div>
      </div>
    );
  };

  const saveButton = (flag: FeatureFlag) => {
    const dirty = Object.keys(patchOf(flag, draftFor(flag))).length > 0 || draftFor(flag).percentage === null;
    return (
      <Button
        type="primary"
        disabled={!dirty || (saving !== null && saving !== flag.name)}
        loading={saving === flag.name}
        onClick={() => void save(flag)}
        aria-label={t('opsConsole.flags.saveFor', { name: flag.name })}
      >
        {t('opsConsole.common.save')}
      </Button>
    );
  };

  // Below 768 px a flag is one cell: what it is, its controls, and Save under them.
  const columns: TableColumnsType<FeatureFlag> =
    screens.md === false
      ? [
          {
            key: 'flag',
            title: t('opsConsole.flags.columns.flag'),
            render: (_, flag) => (
              <div className="flag-compact">
                <div>{info(flag)}</div>
                {controls(flag)}
                <div>{saveButton(flag)}</div>
              </div>
            ),
          },
        ]
      : [
          {
            key: 'flag',
            title: t('opsConsole.flags.columns.flag'),
            width: '34%',
            render: (_, flag) => info(flag),
          },
          {
            key: 'rollout',
            title: t('opsConsole.flags.columns.rollout'),
            render: (_, flag) => controls(flag),
          },
          {
            key: 'save',
            title: <span className="visually-hidden">{t('opsConsole.flags.columns.save')}</span>,
            width: 110,
            render: (_, flag) => saveButton(flag),
          },
        ];

  return (
    <Table<FeatureFlag>
      className="ops-table"
      rowKey="name"
      tableLayout="fixed"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      pagination={false}
      locale={{ emptyText: t('opsConsole.flags.empty') }}
    />
  );
}
