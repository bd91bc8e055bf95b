import { type Dashboard, dashboardStatuses } from '@dak/domain/dashboard';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, localizeDigits } from '../../../lib/format';
import { type Language, useLanguage } from '../../../lib/i18n';

/*
 * The dashboard's two charts, on Chart.js: only the bar chart's parts are registered, so the
 * bundle holds no other chart type. This module is loaded with a dynamic import from the
 * dashboard (dashboard-overview.tsx): Chart.js is never in the main bundle.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const statusColors: Record<(typeof dashboardStatuses)[number], string> = {
  pickup_pending: '#d4b106',
  pickup_hold: '#d46b08',
  at_sorting: '#1677ff',
  in_transit: '#1677ff',
  at_delivery_hub: '#1677ff',
  out_for_delivery: '#2f54eb',
  delivery_attempted: '#d4380d',
  delivered: '#389e0d',
  return_at_delivery_hub: '#722ed1',
  return_in_transit: '#722ed1',
  at_return_hub: '#722ed1',
  out_for_return: '#722ed1',
  returned: '#c41d7f',
};

/** 25/11 or ২৫/১১: short enough for fifteen days on a phone. */
function shortDate(date: string, language: Language): string {
  return localizeDigits(`${Number(date.slice(8, 10))}/${Number(date.slice(5, 7))}`, language);
}

/** A stage's name on lines of about 16 characters: whole on a 360 px phone, beside its bar. */
function wrapped(label: string): string[] {
  const lines: string[] = [];
  for (const word of label.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 16) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A count axis: whole numbers from zero, in the page's digits. */
function countAxis(language: Language) {
  return {
    beginAtZero: true,
    ticks: { precision: 0, callback: (value: number | string) => formatNumber(Number(value), language) },
  };
}

/** One canvas drawn by Chart.js, redrawn when its configuration changes, freed when it leaves. */
function ChartCanvas({
  config,
  label,
  testId,
}: {
  config: ChartConfiguration<'bar'>;
  label: string;
  testId: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    // The app's font (Bengali first), so the labels read like the rest of the page.
    Chart.defaults.font.family =
      getComputedStyle(document.documentElement).getPropertyValue('--font') || undefined;
    const chart = new Chart(context, config);
    return () => chart.destroy();
  }, [config]);
  return <canvas ref={canvas} role="img" aria-label={label} data-testid={testId} />;
}

/** Bookings and deliveries per day, and the range's parcels by their stage now. */
export function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const number = (value: number | string) => formatNumber(Number(value), language);

  const booked = dashboard.series.reduce((sum, day) => sum + day.booked, 0);
  const delivered = dashboard.series.reduce((sum, day) => sum + day.delivered, 0);
  const perDay = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels: dashboard.series.map((day) => shortDate(day.date, language)),
        datasets: [
          {
            label: t('dashboard.charts.booked'),
            data: dashboard.series.map((d) => d.booked),
            backgroundColor: '#8cc5b3',
          },
          {
            label: t('dashboard.charts.delivered'),
            data: dashboard.series.map((d) => d.delivered),
            backgroundColor: '#006a4e',
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: countAxis(language) },
        plugins: {
          legend: { position: 'bottom' },
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label}: ${formatNumber(item.parsed.y ?? 0, language)}`,
            },
          },
        },
      },
    }),
    [dashboard, t, language],
  );

  const statusLabels = useMemo(
    () => dashboardStatuses.map((status) => wrapped(t(`parcels.statuses.${status}`))),
    [t],
  );
  // Tall enough for every stage's lines of name: 14 px a line, 10 between bars.
  const byStatusHeight = Math.max(300, statusLabels.flat().length * 14 + statusLabels.length * 10 + 40);
  const byStatus = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels: statusLabels,
        datasets: [
          {
            label: t('dashboard.charts.parcels'),
            data: dashboardStatuses.map((status) => dashboard.counts[status]),
            backgroundColor: dashboardStatuses.map((status) => statusColors[status]),
          },
        ],
      },
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        // Every stage named (Chart.js would skip some to fit a phone), in a smaller type.
        scales: { x: countAxis(language), y: { ticks: { autoSkip: false, font: { size: 11 } } } },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => formatNumber(item.parsed.x ?? 0, language) } },
        },
      },
    }),
    [dashboard, t, language, statusLabels],
  );

  return (
    <div className="dashboard-charts">
      <figure className="dashboard-chart">
        <figcaption className="dashboard-chart__title">{t('dashboard.charts.perDayTitle')}</figcaption>
        <div className="dashboard-chart__canvas">
          <ChartCanvas
            config={perDay}
            testId="chart-per-day"
            label={t('dashboard.charts.perDaySummary', {
              booked: number(booked),
              delivered: number(delivered),
            })}
          />
        </div>
      </figure>
      <figure className="dashboard-chart">
        <figcaption className="dashboard-chart__title">{t('dashboard.charts.byStatusTitle')}</figcaption>
        <div className="dashboard-chart__canvas" style={{ height: byStatusHeight }}>
          <ChartCanvas
            config={byStatus}
            testId="chart-by-status"
            label={dashboardStatuses
              .map((status) => `${t(`parcels.statuses.${status}`)}: ${number(dashboard.counts[status])}`)
              .join(', ')}
          />
        </div>
      </figure>
    </div>
  );
}
