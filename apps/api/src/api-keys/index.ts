export { ApiKeyService, acceptingApiKeys, refuseKeyCallers } from './api-key.service';
