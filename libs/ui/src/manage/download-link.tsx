// eslint-disable-next-line no-control-regex -- control characters are among those file systems refuse
const REFUSED_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f]+/g;

/** The file name a download is saved as: the title (or "recording") with characters file systems refuse replaced, .webm. */
export function downloadFileName(title: string): string {
  const base = title.replace(REFUSED_IN_FILE_NAMES, '_').trim().slice(0, 120);
  return `${base || 'recording'}.webm`;
}

/** The recording's address with `download=1`, which asks the server for a Content-Disposition naming the file. */
export function downloadHref(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

export interface DownloadLinkProps {
  url: string;
  title: string;
  className?: string;
}

/** "Download": saves the recording as `<title>.webm`. */
export function DownloadLink({ url, title, className = 'btn btn-sm' }: DownloadLinkProps) {
  return (
    <a href={downloadHref(url)} download={downloadFileName(title)} className={className}>
      Download
    </a>
  );
}
