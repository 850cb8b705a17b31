// eslint-disable-next-line no-control-regex -- control characters are among those file systems refuse
const REFUSED_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f]+/g;

/** The file name a download is saved as: the title (or "recording") with characters file systems refuse replaced, `.extension`. */
export function downloadFileName(title: string, extension = 'webm'): string {
  const base = title.replace(REFUSED_IN_FILE_NAMES, '_').trim().slice(0, 120);
  return `${base || 'recording'}.${extension}`;
}

/** The recording's address with `download=1`, which asks the server for a Content-Disposition naming the file. */
export function downloadHref(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/** The owner's original (Video.original_url) and its media type (Video.original_content_type). */
export interface OriginalFile {
  url: string;
  contentType: string;
}

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
};

/** The file name extension of a video of `contentType` (a recording's WebM when not known). */
export function videoExtension(contentType: string): string {
  return EXTENSIONS[contentType] ?? 'webm';
}

/**
 * What Download offers: the recording as it was made, and its MP4 rendition once made,
 * which plays everywhere. One entry, "Download" (what plays), while there is no MP4. With the
 * owner's `original`, "Original" is the file that was uploaded, named by its own type (an MOV
 * stays .mov); without, it is what plays.
 */
export function downloadChoices(
  title: string,
  url: string,
  mp4Url?: string,
  original?: OriginalFile,
): { label: string; href: string; fileName: string }[] {
  const playing = { href: downloadHref(url), fileName: downloadFileName(title) };
  if (!mp4Url) return [{ label: 'Download', ...playing }];
  const kept = original
    ? { href: downloadHref(original.url), fileName: downloadFileName(title, videoExtension(original.contentType)) }
    : playing;
  return [
    { label: 'MP4 (plays everywhere)', href: downloadHref(mp4Url), fileName: downloadFileName(title, 'mp4') },
    { label: 'Original', ...kept },
  ];
}

export interface DownloadLinkProps {
  url: string;
  /** The MP4 rendition; with one, Download opens a menu of both files. */
  mp4Url?: string;
  /** The owner's original: what was uploaded, downloaded as it was. */
  original?: OriginalFile;
  title: string;
  className?: string;
}

/** "Download": saves the recording as `<title>.webm` (or its own type), or offers it and its MP4 in a menu. */
export function DownloadLink({ url, mp4Url, original, title, className = 'btn btn-sm' }: DownloadLinkProps) {
  const choices = downloadChoices(title, url, mp4Url, original);
  if (choices.length === 1) {
    return (
      <a href={choices[0]!.href} download={choices[0]!.fileName} className={className}>
        Download
      </a>
    );
  }
  return (
    <details className="dropdown">
      <summary className={className}>Download</summary>
      <ul className="menu dropdown-content bg-base-100 rounded-box z-20 mt-1 w-56 p-1 shadow" aria-label="Download">
        {choices.map((choice) => (
          <li key={choice.label}>
            <a href={choice.href} download={choice.fileName}>
              {choice.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
