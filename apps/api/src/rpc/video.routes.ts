import type { ConnectRouter } from '@connectrpc/connect';
import { VideoService } from '@stream/proto';

/** The VideoService on the Connect router. Methods not implemented here answer `unimplemented`. */
export default (router: ConnectRouter) => router.service(VideoService, {});
