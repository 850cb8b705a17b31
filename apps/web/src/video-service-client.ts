// The video service's client (Connect, protobuf), which app.tsx imports on the first call: a
// module of its own, because a package imported lazily in one file and statically in others would
// stay in the first page's bundle (and lint forbids the mix).
export { createPageVideoTransport as createVideoTransport } from '@stream/video-api';
