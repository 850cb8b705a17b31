import { uploadMessages, type UploadResult } from '@stream/video-api';

/** The whole-file upload's answer when the server refuses the file as too large (413). */
export const tooLarge: UploadResult = {
  ok: false,
  code: 'too-large',
  status: 413,
  message: uploadMessages.tooLarge,
  detail: 'Upload failed with status: 413',
};
