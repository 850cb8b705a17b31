export { codeOf, withHeaders, type RpcContractSubject, type TusContractSubject } from './contract-subject';
export { libraryContract } from './library.contract';
export { resumableUploadContract } from './resumable-upload.contract';
export { videoServiceContract } from './video-service.contract';
export { teamServiceContract } from './team-service.contract';
export { editServiceContract, type EditContractSubject } from './edit-service.contract';
export { webhookServiceContract } from './webhook-service.contract';
