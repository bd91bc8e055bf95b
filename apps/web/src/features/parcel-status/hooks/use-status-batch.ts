import { type BulkStatusRequest, bulkStatusMax } from '@dak/domain/operations';
import {
  type FailedAttemptReason,
  type ParcelStatus,
  type TransitionActorKey,
  targetRequirements,
  transitionMessages,
} from '@dak/domain/parcel-status';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import type { ScanOutcome } from '../../../components/ops/scan-box';
import { formatNumber, toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useBulkStatus } from '../api/bulk-status';
import type { RowError } from '../row-error-text';

/** A parcel waiting to be moved, with what its move may need (its own return OTP or amount). */
export type Pending = { trackingId: string; otp: string; amount: string; error: RowError | null };
/** One parcel's answer, kept on screen until cleared. */
export type Outcome = { key: number; trackingId: string; to: ParcelStatus; error: RowError | null; at: Date };
export type Added = { added: number; already: number; full: number; bad: number };
type Update = BulkStatusRequest['updates'][number];

/** Lines, commas, semicolons or tabs between pasted IDs; spaces and dashes inside one are forgiven. */
export const splitPasted = (text: string) =>
  text
    .split(/[\n\r,;\t]+/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * A batch of parcels moved to one status: the target and its reason, the parcels waiting (scanned
 * or pasted, each with its own OTP or amount), the send, and the answers kept until cleared.
 */
export function useStatusBatch(role: TransitionActorKey) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const bulk = useBulkStatus();
  const [target, setTarget] = useState<ParcelStatus | null>(null);
  const [reason, setReason] = useState<FailedAttemptReason | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [tried, setTried] = useState(false);
  // The list as of now: a scanner's codes can come faster than React renders.
  const list = useRef<Pending[]>([]);
  const seq = useRef(0);
  const num = useCallback((n: number) => formatNumber(n, language), [language]);
  const needs = target ? targetRequirements(target, role) : {};
  const reasonMissing = needs.failedReason === 'always' && !reason;

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

  const setRow = (trackingId: string, change: Partial<Pending>) =>
    update((rows) => rows.map((row) => (row.trackingId === trackingId ? { ...row, ...change } : row)));
  const remove = (trackingId: string) => update((rows) => rows.filter((r) => r.trackingId !== trackingId));

  const chooseTarget = (next: ParcelStatus) => {
    setTarget(next);
    setReason(null);
    setTried(false);
    // The refusals were for the last status chosen; the results list still has them.
    update((rows) => rows.map((row) => ({ ...row, error: null })));
  };

  /** The updates to send, and the rows refused here (an amount that is not whole taka). */
  const updatesOf = (rows: Pending[], to: ParcelStatus) => {
    const updates: Update[] = [];
    const refusedHere = new Map<string, RowError>();
    for (const row of rows) {
      const one: Update = { trackingId: row.trackingId, status: to };
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
    return { updates, refusedHere };
  };

  /** Sends the batch: moved parcels leave the list, refused ones stay with the reason; true when answered. */
  const submit = async (): Promise<boolean> => {
    setTried(true);
    const rows = list.current;
    if (!target || reasonMissing || rows.length === 0) return false;
    const { updates, refusedHere } = updatesOf(rows, target);
    let answered: { trackingId: string; ok: boolean; error?: RowError }[] = [];
    try {
      if (updates.length > 0) answered = (await bulk.mutateAsync({ updates })).results;
    } catch (error) {
      toast.error(errorText(error));
      return false;
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
    const refused = results.filter((r) => !r.ok).length;
    const summary = t('opsConsole.parcelStatus.done', {
      ok: num(results.length - refused),
      refused: num(refused),
    });
    if (refused > 0) toast.warn(summary);
    else toast.success(summary);
    return true;
  };

  return {
    target,
    chooseTarget,
    reason,
    setReason,
    reasonMissing,
    needs,
    pending,
    add,
    onScan,
    setRow,
    remove,
    clear: () => update(() => []),
    outcomes,
    clearOutcomes: () => setOutcomes([]),
    tried,
    submit,
    sending: bulk.isPending,
  };
}
