/** "1 view", "3 views", "0 views". */
export function formatViews(count: number): string {
  return `${count} ${count === 1 ? 'view' : 'views'}`;
}

export function ViewCount({ count, className }: { count: number; className?: string }) {
  return <span className={className}>{formatViews(count)}</span>;
}
