import type { ReactNode } from 'react';

/** What a section shows of its load: why it failed (announced), "Loading..." meanwhile, then `children`. */
export function LoadState(props: { loadError?: string | undefined; loading: boolean; children: ReactNode }) {
  if (props.loadError)
    return (
      <p role="alert" className="text-error">
        {props.loadError}
      </p>
    );
  if (props.loading) return <p>Loading...</p>;
  return props.children;
}
