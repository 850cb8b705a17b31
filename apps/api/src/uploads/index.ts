export { ResumableUploadService } from './resumable-upload.service';
export { startUploadExpiry } from './tus-expiry';
export { registerTusRoutes } from './tus.routes';
export { registerUploadRoutes } from './upload.routes';
export { uploadStores } from './upload-stores';
