import type { ReactNode } from 'react';
import { ShareLinkCopy } from '../primitives';

export interface ShareLinkFieldProps {
  /** The watch-page link; undefined while it is being made. */
  link: string | undefined;
  /** No link could be made: the field says where to share the video from instead. */
  failed?: boolean;
  /** Defaults to the clipboard; tests pass their own. */
  copy?: (text: string) => Promise<void>;
  /** Shown right under the link: who can watch it (`WhoCanWatch`). */
  children?: ReactNode;
}

/** The video's link in a read-only field with Copy, shown the moment recording stops. */
export function ShareLinkField({ link, failed = false, copy, children }: ShareLinkFieldProps) {
  return (
    <ShareLinkCopy
      label="Link to your video"
      id="video-link"
      link={link}
      placeholder={failed ? 'No link yet' : 'Making the link...'}
      primary
      copy={copy}
      copyOnArrival
    >
      {children}
      {failed && !link ? (
        <p role="alert" className="text-sm text-error">
          The link could not be made. Your video is uploading: share it from its page in Videos.
        </p>
      ) : (
        <p className="text-sm text-base-content/70">It plays once processing finishes, in a few seconds.</p>
      )}
    </ShareLinkCopy>
  );
}
