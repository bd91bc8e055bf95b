import {
  CheckCircleFilled,
  CloseCircleFilled,
  DeleteOutlined,
  PlusOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { type BulkStatusRequest, bulkStatusMax } from '@dak/domain/operations';
import {
  type FailedAttemptReason,
  failedAttemptReasonCodes,
  failedAttemptReasons,
  type ParcelStatus,
  parcelStatusGroupNames,
  statusGroupOf,
  targetRequirements,
  targetStatusesFor,
  transitionMessages,
} from '@dak/domain/parcel-status';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import { Alert, Button, Input, Popconfirm, Select, Skeleton } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { OpsLoadError, useOpsErrorText } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { ScanBox, type ScanOutcome } from '../../../features/hub-work/components/scan-box';
import '../../../features/hub-work/components/hub-work.css';
import { useOpsMe } from '../../../features/ops-auth/api/get-ops-me';
import { useBulkStatus } from '../../../features/parcel-status/api/bulk-status';
import '../../../features/parcel-status/components/parcel-status.css';
import { type RowError, rowErrorText } from '../../../features/parcel-status/row-error-text';
import { formatNumber, localizeDigits, toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

/** A parcel waiting to be moved, with what its move may need (its own return OTP or amount). */
type Pending = { trackingId: string; otp: string; amount: string; error: RowError | null };
/** One parcel's answer, kept on screen until cleared. */
type Outcome = { key: number; trackingId: string; to: ParcelStatus; error: RowError | null; at: Date };
type Added = { added: number; already: number; full: number; bad: number };

type Update = BulkStatusRequest['updates'][number];

/** Lines, commas, semicolons or tabs between pasted IDs; spaces and dashes inside one are forgiven. */
const splitPasted = (text: string) =>
  text
    .split(/[\n\r,;\t]+/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Parcel status: staff move many parcels to one status: the return leg (return_at_delivery_hub →
 * return_in_transit → at_return_hub → out_for_return → returned) has no other screen. Parcels are
 * scanned (a USB scanner types the code and Enter) or pasted; a move that needs more asks for it:
 * the failed attempt's reason for the batch, each parcel's return OTP or amount collected in its
 * row. Moved parcels leave the list; refused ones stay with the reason, to be fixed and sent again.
 */
export function ParcelStatusPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const me = useOpsMe();
  const bulk = useBulkStatus();
  const [target, setTarget] = useState<ParcelStatus | null>(null);
  const [reason, setReason] = useState<FailedAttemptReason | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [pasted, setPasted] = useState('');
  const [pasteResult, setPasteResult] = useState<Added | null>(null);
  const [tried, setTried] = useState(false);
  // The list as of now: a scanner's codes can come faster than React renders.
  const list = useRef<Pending[]>([]);
  const seq = useRef(0);
  const num = useCallback((n: number) => formatNumber(n, language), [language]);

  const role = me.data?.staff.role;
  const targets = useMemo(() => (role ? targetStatusesFor(role) : []), [role]);
  const needs = target && role ? targetRequirements(target, role) : {};
  const statusName = (s: ParcelStatus) => t(`parcels.statuses.${s}`);

  const update = useCallback((change: (rows: Pending[]) => Pending[]) => {
    list.current = change(list.current);
    setPending(list.current);
  }, []);

  const add = useCallback(
    (ids: string[]): Added => {
      const counts: Added = { added: 0, already: 0, full: 0, bad: 0 };
      update((rows) => {
        const next = [...rows];
        for (const trackingId of ids) {
          if (next.some((row) => row.trackingId === trackingId)) counts.already += 1;
          else if (next.length >= bulkStatusMax) counts.full += 1;
          else {
            next.push({ trackingId, otp: '', amount: '', error: null });
            counts.added += 1;
          }
        }
        return next;
      });
      return counts;
    },
    [update],
  );

  const onScan = useCallback(
    async (code: string): Promise<ScanOutcome> => {
      const trackingId = normalizeTrackingId(toLatinDigits(code));
      if (!trackingId) return { ok: false, text: t('opsConsole.parcelStatus.notTrackingId', { code }) };
      const counts = add([trackingId]);
      if (counts.full)
        return { ok: false, text: t('opsConsole.parcelStatus.listFull', { n: num(bulkStatusMax) }) };
      // No count here: the list's heading has it, and stays right after a move.
      if (counts.already)
        return { ok: true, text: t('opsConsole.parcelStatus.alreadyListed', { id: trackingId }) };
      return { ok: true, text: t('opsConsole.parcelStatus.added', { id: trackingId }) };
    },
    [add, num, t],
  );

  const addPasted = () => {
    const bad: string[] = [];
    const ids: string[] = [];
    for (const line of splitPasted(pasted)) {
      const trackingId = normalizeTrackingId(toLatinDigits(line));
      if (trackingId) ids.push(trackingId);
      else bad.push(line);
    }
    const counts = add(ids);
    // What was not a tracking ID stays in the box, to be corrected.
    setPasted(bad.join('\n'));
    setPasteResult({ ...counts, bad: bad.length });
  };

  const setRow = (trackingId: string, change: Partial<Pending>) =>
    update((rows) => rows.map((row) => (row.trackingId === trackingId ? { ...row, ...change } : row)));

  const chooseTarget = (next: ParcelStatus) => {
    setTarget(next);
    setReason(null);
    setTried(false);
    // The refusals were for the last status chosen; the results list still has them.
    update((rows) => rows.map((row) => ({ ...row, error: null })));
  };

  const reasonMissing = needs.failedReason === 'always' && !reason;

  const submit = async () => {
    setTried(true);
    const rows = list.current;
    if (!target || reasonMissing || rows.length === 0) return;
    const updates: Update[] = [];
    const refusedHere = new Map<string, RowError>();
    for (const row of rows) {
      const one: Update = { trackingId: row.trackingId, status: target };
      if (needs.failedReason && reason) one.reason = reason;
      if (needs.amountCollected && row.amount.trim() !== '') {
        const amount = toLatinDigits(row.amount.trim()).replace(/,/g, '');
        if (!/^\d+$/.test(amount)) {
          refusedHere.set(row.trackingId, {
            code: 'VALIDATION_FAILED',
            message: transitionMessages.amountWhole,
          });
          continue;
        }
        one.amountCollected = Number(amount);
      }
      if (needs.returnOtp && row.otp.trim() !== '') one.otp = toLatinDigits(row.otp.trim());
      updates.push(one);
    }
    let answered: { trackingId: string; ok: boolean; error?: RowError }[] = [];
    try {
      if (updates.length > 0) answered = (await bulk.mutateAsync({ updates })).results;
    } catch (error) {
      toast.error(errorText(error));
      return;
    }
    const results = [
      ...answered,
      ...[...refusedHere].map(([trackingId, error]) => ({ trackingId, ok: false, error })),
    ];
    const byId = new Map(results.map((r) => [r.trackingId, r]));
    update((current) =>
      current
        .filter((row) => !byId.get(row.trackingId)?.ok)
        .map((row) => {
          const answer = byId.get(row.trackingId);
          return answer ? { ...row, error: answer.error ?? null } : row;
        }),
    );
    const at = new Date();
    const batch = results.map((r) => {
      seq.current += 1;
      return {
        key: seq.current,
        trackingId: r.trackingId,
        to: target,
        error: r.ok ? null : (r.error ?? null),
        at,
      };
    });
    setOutcomes((kept) => [...batch, ...kept].slice(0, 1000));
    setTried(false);
    setPasteResult(null);
    const refused = results.filter((r) => !r.ok).length;
    const summary = t('opsConsole.parcelStatus.done', {
      ok: num(results.length - refused),
      refused: num(refused),
    });
    if (refused > 0) toast.warn(summary);
    else toast.success(summary);
  };

  if (me.isPending) return <Skeleton active />;
  if (me.isError) return <OpsLoadError error={me.error} onRetry={() => void me.refetch()} />;

  const statusOptions = parcelStatusGroupNames
    .map((group) => ({
      label: t(`parcels.groups.${group}`),
      title: t(`parcels.groups.${group}`),
      options: targets
        .filter((s) => statusGroupOf(s) === group)
        .map((s) => ({ value: s, label: statusName(s) })),
    }))
    .filter((group) => group.options.length > 0);

  const time = (at: Date) => localizeDigits(at.toTimeString().slice(0, 5), language);
  const okCount = outcomes.filter((o) => !o.error).length;

  return (
    <div className="parcel-status">
      <OpsPageHeader
        title={t('opsConsole.parcelStatus.title')}
        subtitle={t('opsConsole.parcelStatus.subtitle')}
      />
      <div className="parcel-status__grid">
        <div className="parcel-status__work">
          <section className="ops-panel parcel-status__panel" aria-labelledby="parcel-status-step-1">
            <h2 className="parcel-status__step" id="parcel-status-step-1">
              {t('opsConsole.parcelStatus.step1')}
            </h2>
            <div className="parcel-status__field">
              <label htmlFor="parcel-status-target">{t('opsConsole.parcelStatus.target')}</label>
              <Select<ParcelStatus>
                id="parcel-status-target"
                size="large"
                className="parcel-status__select"
                value={target}
                onChange={chooseTarget}
                options={statusOptions}
                placeholder={t('opsConsole.parcelStatus.targetPlaceholder')}
                showSearch
                optionFilterProp="label"
                status={tried && !target ? 'error' : undefined}
              />
              {tried && !target ? (
                <div className="ops-field-error" role="alert">
                  {t('opsConsole.parcelStatus.chooseTarget')}
                </div>
              ) : null}
            </div>
            {needs.failedReason ? (
              <div className="parcel-status__field">
                <label htmlFor="parcel-status-reason">
                  {needs.failedReason === 'always'
                    ? t('opsConsole.parcelStatus.reason')
                    : t('opsConsole.parcelStatus.reasonSometimes')}
                </label>
                <Select<FailedAttemptReason>
                  id="parcel-status-reason"
                  size="large"
                  className="parcel-status__select"
                  value={reason}
                  onChange={setReason}
                  allowClear={needs.failedReason !== 'always'}
                  options={failedAttemptReasonCodes.map((code) => ({
                    value: code,
                    label: failedAttemptReasons[code][language],
                  }))}
                  placeholder={t('opsConsole.parcelStatus.reasonPlaceholder')}
                  showSearch
                  optionFilterProp="label"
                  status={tried && reasonMissing ? 'error' : undefined}
                />
                {needs.failedReason === 'sometimes' ? (
                  <div className="ops-secondary">{t('opsConsole.parcelStatus.reasonSometimesHint')}</div>
                ) : null}
                {tried && reasonMissing ? (
                  <div className="ops-field-error" role="alert">
                    {t('opsConsole.parcelStatus.errors.reasonRequired')}
                  </div>
                ) : null}
              </div>
            ) : null}
            {needs.returnOtp ? (
              <Alert type="info" showIcon message={t('opsConsole.parcelStatus.otpHint')} />
            ) : null}
            {needs.amountCollected ? (
              <Alert type="info" showIcon message={t('opsConsole.parcelStatus.amountHint')} />
            ) : null}
          </section>

          <section className="ops-panel parcel-status__panel" aria-labelledby="parcel-status-step-2">
            <h2 className="parcel-status__step" id="parcel-status-step-2">
              {t('opsConsole.parcelStatus.step2')}
            </h2>
            <ScanBox
              label={t('opsConsole.parcelStatus.scan')}
              placeholder={t('opsConsole.parcelStatus.scanPlaceholder')}
              onScan={onScan}
              history={false}
            />
            <div className="parcel-status__field">
              <label htmlFor="parcel-status-paste">{t('opsConsole.parcelStatus.paste')}</label>
              <Input.TextArea
                id="parcel-status-paste"
                className="parcel-status__paste"
                value={pasted}
                onChange={(e) => setPasted(e.target.value)}
                autoSize={{ minRows: 3, maxRows: 8 }}
                spellCheck={false}
                placeholder={'DK7MQ2XH4BK\nDK…'}
              />
              <div>
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  onClick={addPasted}
                  disabled={pasted.trim() === ''}
                >
                  {t('opsConsole.parcelStatus.addPasted')}
                </Button>
              </div>
              {pasteResult ? (
                <Alert
                  type={pasteResult.bad || pasteResult.full ? 'warning' : 'success'}
                  showIcon
                  message={[
                    t('opsConsole.parcelStatus.pastedAdded', { n: num(pasteResult.added) }),
                    pasteResult.already
                      ? t('opsConsole.parcelStatus.pastedAlready', { n: num(pasteResult.already) })
                      : null,
                    pasteResult.bad
                      ? t('opsConsole.parcelStatus.pastedBad', { n: num(pasteResult.bad) })
                      : null,
                    pasteResult.full
                      ? t('opsConsole.parcelStatus.listFull', { n: num(bulkStatusMax) })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                />
              ) : null}
            </div>

            <div className="parcel-status__list-head">
              <h3 className="parcel-status__list-title" id="parcel-status-pending">
                {t('opsConsole.parcelStatus.pending', { n: num(pending.length) })}
              </h3>
              {pending.length > 0 ? (
                <Popconfirm
                  title={t('opsConsole.parcelStatus.clearListConfirm')}
                  okText={t('opsConsole.parcelStatus.clearList')}
                  cancelText={t('opsConsole.common.cancel')}
                  onConfirm={() => update(() => [])}
                >
                  <Button type="link">{t('opsConsole.parcelStatus.clearList')}</Button>
                </Popconfirm>
              ) : null}
            </div>
            {pending.length === 0 ? (
              <p className="ops-secondary">{t('opsConsole.parcelStatus.pendingEmpty')}</p>
            ) : (
              <ol className="parcel-status__list" aria-labelledby="parcel-status-pending">
                {pending.map((row) => (
                  <li
                    key={row.trackingId}
                    data-tracking-id={row.trackingId}
                    className={[
                      'parcel-status__row',
                      row.error ? 'parcel-status__row--error' : '',
                      needs.returnOtp || needs.amountCollected ? 'parcel-status__row--inputs' : '',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                  >
                    <span className="parcel-status__id">{row.trackingId}</span>
                    <span className="parcel-status__inputs">
                      {needs.returnOtp ? (
                        <Input
                          className="parcel-status__otp"
                          aria-label={t('opsConsole.parcelStatus.otpFor', { id: row.trackingId })}
                          placeholder={t('opsConsole.parcelStatus.otpPlaceholder')}
                          value={row.otp}
                          onChange={(e) => setRow(row.trackingId, { otp: toLatinDigits(e.target.value) })}
                          inputMode="numeric"
                          autoComplete="off"
                          maxLength={4}
                          status={row.error ? 'error' : undefined}
                        />
                      ) : null}
                      {needs.amountCollected ? (
                        <Input
                          className="parcel-status__amount"
                          aria-label={t('opsConsole.parcelStatus.amountFor', { id: row.trackingId })}
                          placeholder={t('opsConsole.parcelStatus.amountPlaceholder')}
                          prefix="৳"
                          value={row.amount}
                          onChange={(e) => setRow(row.trackingId, { amount: e.target.value })}
                          inputMode="numeric"
                          autoComplete="off"
                          maxLength={9}
                          status={row.error ? 'error' : undefined}
                        />
                      ) : null}
                      <Button
                        type="text"
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('opsConsole.parcelStatus.remove', { id: row.trackingId })}
                        onClick={() => update((rows) => rows.filter((r) => r.trackingId !== row.trackingId))}
                      />
                    </span>
                    {row.error ? (
                      <span className="parcel-status__row-error">
                        <CloseCircleFilled aria-hidden /> {rowErrorText(row.error, t, language)}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
            {tried && pending.length === 0 ? (
              <div className="ops-field-error" role="alert">
                {t('opsConsole.parcelStatus.nothingToMove')}
              </div>
            ) : null}
            <Button
              type="primary"
              size="large"
              block
              className="parcel-status__submit"
              icon={<SendOutlined aria-hidden />}
              loading={bulk.isPending}
              onClick={() => void submit()}
            >
              {target
                ? t('opsConsole.parcelStatus.submitTo', {
                    count: pending.length,
                    n: num(pending.length),
                    status: statusName(target),
                  })
                : t('opsConsole.parcelStatus.submit', { count: pending.length, n: num(pending.length) })}
            </Button>
          </section>
        </div>

        <section
          className="ops-panel parcel-status__panel parcel-status__results"
          aria-labelledby="parcel-status-results"
        >
          <div className="parcel-status__list-head">
            <h2 className="parcel-status__step" id="parcel-status-results">
              {t('opsConsole.parcelStatus.results')}{' '}
              <span className="parcel-status__tally">
                {t('opsConsole.parcelStatus.tally', {
                  ok: num(okCount),
                  refused: num(outcomes.length - okCount),
                })}
              </span>
            </h2>
            {outcomes.length > 0 ? (
              <Button type="link" onClick={() => setOutcomes([])}>
                {t('opsConsole.parcelStatus.clearResults')}
              </Button>
            ) : null}
          </div>
          {outcomes.length === 0 ? (
            <p className="ops-secondary">{t('opsConsole.parcelStatus.resultsEmpty')}</p>
          ) : (
            <ol className="parcel-status__outcomes" aria-live="polite">
              {outcomes.map((o) => (
                <li
                  key={o.key}
                  data-tracking-id={o.trackingId}
                  data-ok={o.error ? 'false' : 'true'}
                  className={o.error ? 'parcel-status__outcome--error' : 'parcel-status__outcome--ok'}
                >
                  <span className="parcel-status__time">{time(o.at)}</span>
                  <span className="parcel-status__id">{o.trackingId}</span>
                  <span className="parcel-status__outcome-text">
                    {o.error ? <CloseCircleFilled aria-hidden /> : <CheckCircleFilled aria-hidden />}{' '}
                    {o.error
                      ? t('opsConsole.parcelStatus.notMoved', {
                          status: statusName(o.to),
                          why: rowErrorText(o.error, t, language),
                        })
                      : t('opsConsole.parcelStatus.moved', { status: statusName(o.to) })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
