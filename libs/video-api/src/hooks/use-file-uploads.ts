import { useCallback, useEffect, useRef, useState } from 'react';
import type { GetToken } from '../transport/create-video-transport';
import { createResumableClient } from '../resumable/resumable-upload-client';
import { fileUploadFailure, uploadFile } from '../resumable/upload-file';

/** One chosen or dropped file on its way to the library. */
export interface FileUploadState {
  key: number;
  name: string;
  size: number;
  /** Bytes the server holds. */
  sent: number;
  state: 'uploading' | 'done' | 'failed';
  /** Set once done. */
  videoId?: string;
  /** Set once failed, for a person. */
  error?: string;
}

/**
 * Files dropped on or chosen in the library, each uploaded at once, all side by side,
 * each with its progress; `onUploaded` runs after each one the server took (to refresh the list).
 */
export function useFileUploads(options: {
  getToken: GetToken;
  baseUrl?: string;
  onUploaded?: (videoId: string) => void;
}) {
  const [uploads, setUploads] = useState<FileUploadState[]>([]);
  const nextKey = useRef(0);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options; // the uploads under way read the newest token source and callback
  });

  const add = useCallback((files: Iterable<File>) => {
    for (const file of files) {
      const key = nextKey.current++;
      const change = (patch: Partial<FileUploadState>) =>
        setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
      setUploads((all) => [...all, { key, name: file.name, size: file.size, sent: 0, state: 'uploading' }]);
      const client = createResumableClient({
        baseUrl: latest.current.baseUrl,
        getToken: () => latest.current.getToken(),
        onProgress: (sent) => change({ sent }),
      });
      uploadFile(client, file).then(
        (videoId) => {
          change({ state: 'done', sent: file.size, videoId });
          latest.current.onUploaded?.(videoId);
        },
        (error: unknown) => change({ state: 'failed', error: fileUploadFailure(error) }),
      );
    }
  }, []);

  const dismiss = useCallback((key: number) => setUploads((all) => all.filter((upload) => upload.key !== key)), []);

  return { uploads, add, dismiss };
}
