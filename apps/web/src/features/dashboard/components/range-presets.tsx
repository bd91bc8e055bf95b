import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type DashboardPreset, dashboardPresets } from '../hooks/use-dashboard-range';

/**
 * The range's presets as a row of pills, one tap to choose (issue 16: the native select's popup
 * alone was over the INP line). Native radio inputs in a radiogroup named "Date range": one tab
 * stop, the arrow keys move and choose, a screen reader says "radio button, checked, 2 of 6"
 * (decisions.md, "The dashboard's range as buttons"). A custom range checks none of them and
 * shows a "Custom dates" pill that is not a control, which the group names as its description.
 */
export function RangePresets({
  preset,
  onChoose,
}: {
  preset: DashboardPreset | null;
  onChoose: (preset: DashboardPreset) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const customId = useId();
  return (
    <div
      role="radiogroup"
      aria-label={t('dashboard.range.label')}
      aria-describedby={preset ? undefined : customId}
      className="dashboard-presets"
    >
      {dashboardPresets.map((p) => {
        const checked = p === preset;
        return (
          <label key={p} className="dashboard-preset">
            <input
              type="radio"
              name={name}
              value={p}
              checked={checked}
              className="dashboard-preset__input"
              onChange={() => onChoose(p)}
            />
            <span className={checked ? 'light-btn light-btn--primary' : 'light-btn'}>
              {t(`dashboard.range.${p}`)}
            </span>
          </label>
        );
      })}
      {preset ? null : (
        <span id={customId} className="dashboard-preset dashboard-preset--custom">
          <span className="light-btn light-btn--primary">{t('dashboard.range.custom')}</span>
        </span>
      )}
    </div>
  );
}
