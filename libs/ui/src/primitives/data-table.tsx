import type { ReactNode } from 'react';

/** A table of rows under column headings, scrolled sideways where the page is narrower. */
export function DataTable({
  headings,
  className = 'table',
  children,
}: {
  headings: readonly string[];
  className?: string;
  /** The rows (`<tr>`s). */
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className={className}>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
