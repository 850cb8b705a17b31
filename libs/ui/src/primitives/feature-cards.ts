/** The four promises of the home page (SPEC §1). Folders, tags, editing and area selection are promises, not features yet. */
export const FEATURES = [
  {
    title: 'Quick Recording',
    text: 'Record your full screen or a selected area, with your microphone, in a few clicks.',
  },
  { title: 'Easy Sharing', text: 'Share a recording with a generated link, or download it.' },
  { title: 'Organised Library', text: 'Keep your videos in order with custom folders and tags.' },
  { title: 'Basic Editing', text: 'Trim, annotate and adjust playback settings.' },
] as const;
