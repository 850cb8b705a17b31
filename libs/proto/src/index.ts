export * from './gen/videoservice/video_service_pb';
export * from './gen/videoservice/edit_service_pb';
export * from './gen/videoservice/library_service_pb';
export * from './gen/videoservice/team_service_pb';
export * from './gen/videoservice/conversation_service_pb';
export * from './gen/videoservice/transcript_service_pb';
export * from './limits';
export * from './validation';
