export interface RecordingPreviewProps {
  /** An object URL of the recording (the page creates and revokes it). */
  url: string;
  /** Name of the downloaded file. */
  fileName?: string;
  /** e.g. while uploading (SPEC.md §4). */
  downloadDisabled?: boolean;
}

/** The recording, playable, with a Download button that saves it under `fileName`. */
export function RecordingPreview({ url, fileName = 'recording.webm', downloadDisabled = false }: RecordingPreviewProps) {
  const download = () => {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  };
  return (
    <section aria-label="Recording preview" className="flex flex-col gap-3">
      <video src={url} controls playsInline aria-label="Recording preview" className="w-full max-w-3xl rounded-box bg-black" />
      <div>
        <button type="button" className="btn" onClick={download} disabled={downloadDisabled}>
          Download
        </button>
      </div>
    </section>
  );
}
