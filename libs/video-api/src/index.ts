export {};
export { createVideoTransport, bearerInterceptor, type GetToken, type VideoTransportOptions } from './transport/create-video-transport';
export { requestTimeoutMs } from './transport/request-timeout';
