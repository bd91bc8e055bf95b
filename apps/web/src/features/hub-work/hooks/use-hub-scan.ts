import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import type { ScanOutcome } from '../../../components/ops/scan-box';
import { isApiError } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { addToBag, receiveScan, scanIn } from '../api/hub-work';

export type Mode = 'in' | 'bag' | 'dispatch' | 'receive';
export const modes: Mode[] = ['in', 'bag', 'dispatch', 'receive'];

/** What one scan does in the chosen step (in at the door, into the open bag, off an incoming trip), in words. */
export function useHubScan({
  hubId,
  mode,
  bagId,
  tripId,
  refresh,
}: {
  hubId: string | null;
  mode: Mode;
  bagId: string | null;
  tripId: string | null;
  /** Reload the bags or the trips after a scan changed them. */
  refresh: (what: 'bags' | 'trips') => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();

  /** A refusal in the worker's language: the server's words in English, ours by code in Bengali. */
  const refusal = useCallback(
    (error: unknown, code: string): ScanOutcome => {
      if (!isApiError(error)) return { ok: false, text: errorText(error) };
      if (language === 'en') return { ok: false, text: error.message };
      const byCode: Record<string, string> = {
        NOT_FOUND: t('opsConsole.hubWork.errors.unknown', { code }),
        FORBIDDEN: t('opsConsole.hubWork.errors.foreign', { code }),
        PICKUP_ON_HOLD: t('opsConsole.hubWork.errors.hold', { code }),
        CONFLICT: t('opsConsole.hubWork.errors.nothing', { code }),
        INVALID_TRANSITION: t('opsConsole.hubWork.errors.nothing', { code }),
      };
      return { ok: false, text: byCode[error.code] ?? errorText(error), detail: error.message };
    },
    [errorText, language, t],
  );

  return useCallback(
    async (code: string): Promise<ScanOutcome> => {
      if (!hubId) return { ok: false, text: t('opsConsole.hubWork.chooseHub') };
      try {
        if (mode === 'in') {
          const r = await scanIn(hubId, code);
          const dest = r.destinationHub.name[language];
          if (!r.changed)
            return { ok: true, text: t('opsConsole.hubWork.already', { id: r.trackingId }), detail: dest };
          return r.status === 'at_delivery_hub'
            ? { ok: true, text: t('opsConsole.hubWork.arrived', { id: r.trackingId }) }
            : {
                ok: true,
                text: t('opsConsole.hubWork.scannedIn', { id: r.trackingId }),
                detail: t('opsConsole.hubWork.sortFor', { hub: dest }),
              };
        }
        if (mode === 'bag') {
          if (!bagId) return { ok: false, text: t('opsConsole.hubWork.chooseBag') };
          const bag = await addToBag(bagId, code);
          refresh('bags');
          return {
            ok: true,
            text: t('opsConsole.hubWork.bagged', { id: code.toUpperCase(), bag: bag.code }),
            detail: t('opsConsole.hubWork.bagCount', { n: formatNumber(bag.parcels.length, language) }),
          };
        }
        if (mode === 'receive') {
          if (!tripId) return { ok: false, text: t('opsConsole.hubWork.chooseTrip') };
          const r = await receiveScan(tripId, code);
          refresh('trips');
          if (r.inManifest) {
            return {
              ok: true,
              text: r.changed
                ? t('opsConsole.hubWork.received', { id: r.trackingId })
                : t('opsConsole.hubWork.already', { id: r.trackingId }),
            };
          }
          return { ok: false, text: t('opsConsole.hubWork.extra', { code: r.trackingId ?? code }) };
        }
        return { ok: false, text: t('opsConsole.hubWork.chooseStep') };
      } catch (error) {
        return refusal(error, code);
      }
    },
    [hubId, mode, bagId, tripId, language, t, refusal, refresh],
  );
}

/** Runs a hub action and says how it went in a toast. */
export function useToastRun() {
  const errorText = useOpsErrorText();
  return async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast.success(done);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
}
