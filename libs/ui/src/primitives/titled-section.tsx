import type { ReactNode } from 'react';

const HEADING_SIZE = { lg: 'text-lg font-semibold', xl: 'text-xl font-semibold' };

export interface TitledSectionProps {
  /** The heading's id: the section is the region it names. */
  id: string;
  title: ReactNode;
  size?: keyof typeof HEADING_SIZE;
  /** The column's classes (its gap). */
  className?: string;
  children: ReactNode;
}

/** A part of a page named by its h2 (a landmark region a screen reader lists by that name). */
export function TitledSection({
  id,
  title,
  size = 'xl',
  className = 'flex flex-col gap-3',
  children,
}: TitledSectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={HEADING_SIZE[size]}>
        {title}
      </h2>
      {children}
    </section>
  );
}
