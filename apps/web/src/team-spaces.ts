// The side navigation's list of spaces, which -components/space-nav.tsx imports when it opens: a
// module of its own so the first page carries none of the team service's client.
export { loadSpaces } from '@stream/video-api';
