export * from './gen/videoservice/video_service_pb';
