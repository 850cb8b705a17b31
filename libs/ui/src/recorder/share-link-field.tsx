import { useState, type ReactNode } from 'react';

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
  const [copied, setCopied] = useState(false);
  const write = copy ?? ((text: string) => navigator.clipboard.writeText(text));
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="video-link" className="font-medium">
        Link to your video
      </label>
      <div className="join w-full max-w-xl">
        <input
          id="video-link"
          className="input join-item w-full"
          readOnly
          value={link ?? ''}
          placeholder={failed ? 'No link yet' : 'Making the link...'}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="btn btn-primary join-item"
          disabled={!link}
          onClick={() => {
            if (!link) return;
            void write(link).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      {children}
      {failed && !link ? (
        <p role="alert" className="text-sm text-error">
          The link could not be made. Your video is uploading: share it from its page in Videos.
        </p>
      ) : (
        <p className="text-sm text-base-content/70">It plays once processing finishes, in a few seconds.</p>
      )}
    </div>
  );
}
