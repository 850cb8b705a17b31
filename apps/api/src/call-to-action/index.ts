export { callToActionMessage } from './call-to-action.message';
export { clicksOf as callToActionClicks } from './call-to-action.repository';
export { CallToActionService } from './call-to-action.service';
export { MAX_CTA_LABEL_LENGTH, MAX_CTA_URL_LENGTH, callToActionUrl } from './call-to-action.validation';
