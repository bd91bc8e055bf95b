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
import type { TFunction } from 'i18next';
import { memo, useEffect, useMemo, useRef } from 'react';
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

type Translate = TFunction;

/**
 * The per-day chart's configuration: dates, counts and tooltips in the page's digits (২৫/১১,
 * ১,২৩৪ in Bengali), the legend in its words.
 */
export function perDayConfig(
  series: Dashboard['series'],
  t: Translate,
  language: Language,
): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: series.map((day) => shortDate(day.date, language)),
      datasets: [
        {
          label: t('dashboard.charts.booked'),
          data: series.map((d) => d.booked),
          backgroundColor: '#8cc5b3',
        },
        {
          label: t('dashboard.charts.delivered'),
          data: series.map((d) => d.delivered),
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
  };
}

/**
 * The by-stage chart's configuration: each stage's name on short lines beside its bar, whole on
 * one line in its tooltip (Chart.js would join the lines with commas), counts in the page's digits.
 */
export function byStatusConfig(
  counts: Dashboard['counts'],
  t: Translate,
  language: Language,
): ChartConfiguration<'bar'> {
  const names = dashboardStatuses.map((status) => t(`parcels.statuses.${status}`));
  return {
    type: 'bar',
    data: {
      labels: names.map(wrapped),
      datasets: [
        {
          label: t('dashboard.charts.parcels'),
          data: dashboardStatuses.map((status) => counts[status]),
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
        tooltip: {
          callbacks: {
            title: (items) => names[items[0]?.dataIndex ?? 0] ?? '',
            label: (item) => formatNumber(item.parsed.x ?? 0, language),
          },
        },
      },
    },
  };
}

/** Tall enough for every stage's lines of name: 14 px a line, 10 between bars. */
function byStatusHeight(config: ChartConfiguration<'bar'>): number {
  const labels = (config.data.labels ?? []) as string[][];
  return Math.max(300, labels.flat().length * 14 + labels.length * 10 + 40);
}

/** The app's font (Bengali first), read once: so the labels read like the rest of the page. */
let fontRead = false;
function readAppFont() {
  if (fontRead) return;
  fontRead = true;
  Chart.defaults.font.family =
    getComputedStyle(document.documentElement).getPropertyValue('--font') || undefined;
}

/**
 * One canvas drawn by Chart.js, freed when it leaves. A chart is made once and then updated in
 * place when its configuration changes (no new canvas, listeners or legend), and every drawing is
 * a task of its own (issue 16): the two charts never share one long task with each other or with
 * React's render, so a tap in between waits for one chart at most.
 */
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
  const chart = useRef<Chart<'bar'> | null>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const draw = setTimeout(() => {
      const drawn = chart.current;
      if (!drawn) {
        readAppFont();
        chart.current = new Chart(context, config);
        return;
      }
      drawn.data = config.data;
      drawn.options = config.options ?? {};
      drawn.update('none');
    }, 0);
    return () => clearTimeout(draw);
  }, [config]);
  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );
  return <canvas ref={canvas} role="img" aria-label={label} data-testid={testId} />;
}

/** Equal figures draw an equal chart: a refetch that changed nothing redraws nothing. */
const sameSeries = (a: Dashboard['series'], b: Dashboard['series']) =>
  a === b ||
  (a.length === b.length &&
    a.every((day, i) => {
      const other = b[i];
      return other?.date === day.date && other.booked === day.booked && other.delivered === day.delivered;
    }));
const sameCounts = (a: Dashboard['counts'], b: Dashboard['counts']) =>
  a === b || dashboardStatuses.every((status) => a[status] === b[status]);

/** Bookings and deliveries per day. */
const PerDayChart = memo(
  function PerDayChart({ series }: { series: Dashboard['series'] }) {
    const { t } = useTranslation();
    const language = useLanguage();
    const config = useMemo(() => perDayConfig(series, t, language), [series, t, language]);
    const booked = series.reduce((sum, day) => sum + day.booked, 0);
    const delivered = series.reduce((sum, day) => sum + day.delivered, 0);
    return (
      <figure className="dashboard-chart">
        <figcaption className="dashboard-chart__title">{t('dashboard.charts.perDayTitle')}</figcaption>
        <div className="dashboard-chart__canvas">
          <ChartCanvas
            config={config}
            testId="chart-per-day"
            label={t('dashboard.charts.perDaySummary', {
              booked: formatNumber(booked, language),
              delivered: formatNumber(delivered, language),
            })}
          />
        </div>
      </figure>
    );
  },
  (before, after) => sameSeries(before.series, after.series),
);

/** The range's parcels by their stage now. */
const ByStatusChart = memo(
  function ByStatusChart({ counts }: { counts: Dashboard['counts'] }) {
    const { t } = useTranslation();
    const language = useLanguage();
    const config = useMemo(() => byStatusConfig(counts, t, language), [counts, t, language]);
    const height = byStatusHeight(config);
    return (
      <figure className="dashboard-chart">
        <figcaption className="dashboard-chart__title">{t('dashboard.charts.byStatusTitle')}</figcaption>
        <div className="dashboard-chart__canvas" style={{ height }}>
          <ChartCanvas
            config={config}
            testId="chart-by-status"
            label={dashboardStatuses
              .map(
                (status) => `${t(`parcels.statuses.${status}`)}: ${formatNumber(counts[status], language)}`,
              )
              .join(', ')}
          />
        </div>
      </figure>
    );
  },
  (before, after) => sameCounts(before.counts, after.counts),
);

/**
 * Bookings and deliveries per day, and the range's parcels by their stage now: each chart
 * redraws only when its own figures change.
 */
export function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  return (
    <div className="dashboard-charts">
      <PerDayChart series={dashboard.series} />
      <ByStatusChart counts={dashboard.counts} />
    </div>
  );
}
