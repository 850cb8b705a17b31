import { Children, type ReactNode } from 'react';

export interface VideoGridProps {
  /** One VideoCard per child. */
  children: ReactNode;
  /** Shown below the grid (a Load more button, a spinner). */
  footer?: ReactNode;
}

/** docs/product.md, Screens: 'List of Videos', 2 columns on small screens up to 6 on extra large. */
export function VideoGrid({ children, footer }: VideoGridProps) {
  return (
    <section aria-labelledby="video-grid-title" className="flex flex-col gap-4">
      <h2 id="video-grid-title" className="text-lg font-semibold">
        List of Videos
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
        {Children.map(children, (child) => (
          <li className="flex justify-center">{child}</li>
        ))}
      </ul>
      {footer}
    </section>
  );
}
