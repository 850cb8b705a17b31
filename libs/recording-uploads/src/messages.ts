/** What a page says about the instant path (word for word as docs/product.md has it). */
export const instantMessages = {
  offline: "Offline: your recording is safe on this computer and will upload when you're back",
  lowSpace:
    'This computer is running out of space for the local copy of your recording. Free some space, or keep the recording short.',
  noLocalCopy: 'This browser keeps no local copy of the recording: stay online until it has uploaded.',
  uploading: 'Uploading while you record...',
  stopped: 'The upload stopped.',
  /** The owner's storage quota is full. */
  quotaExceeded:
    'Your storage quota is full, so the recording stopped uploading. It is kept on this computer: download it from Unfinished recordings, or ask your admin for more room and upload it again.',
} as const;
