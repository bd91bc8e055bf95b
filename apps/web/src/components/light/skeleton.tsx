import './light.css';

/**
 * Grey bars where content is coming, in antd's Skeleton look (a title bar, then `rows` lines, the
 * last shorter), shimmering unless the person asked for less motion. Browser tests wait for
 * `.light-skeleton` to go, as for antd's `.ant-skeleton`.
 */
export function Skeleton({ rows = 3, className }: { rows?: number; className?: string }) {
  return (
    <div className={className ? `light-skeleton ${className}` : 'light-skeleton'} aria-hidden>
      <div className="light-skeleton__title" />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical bars, never reordered
        <div key={index} className="light-skeleton__line" />
      ))}
    </div>
  );
}
