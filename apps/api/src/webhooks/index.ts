export {
  DELIVERY_QUEUE,
  WebhookService,
  isViewMilestone,
  type DeliveryJob,
  type WebhookEvent,
} from './webhook.service';
