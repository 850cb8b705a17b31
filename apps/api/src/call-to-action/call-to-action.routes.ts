import { create } from '@bufbuild/protobuf';
import type { ConnectRouter } from '@connectrpc/connect';
import {
  CallToActionPlacement,
  CallToActionSchema,
  ShareLinkService as ShareLinkServiceDescriptor,
} from '@stream/proto';
import { kUser } from '../platform/auth/user';
import { signedIn } from '../platform/rpc/signed-in';
import { shareGrant } from '../sharing';
import { videoValidation as valid } from '../videos';
import { callToActionMessage } from './call-to-action.message';
import type { CallToActionService } from './call-to-action.service';

/** SetCallToAction and RecordCallToActionClick (methods of the contract's ShareLinkService) on the Connect router. */
export default ({ callToActions }: { callToActions: CallToActionService }) =>
  (router: ConnectRouter) => {
    const method = ShareLinkServiceDescriptor.method;
    router.rpc(method.setCallToAction, async (request, context) => {
      const given = request.callToAction;
      const cta = await callToActions.set(
        signedIn(context),
        valid.videoId(request.videoId),
        given && {
          label: given.label,
          url: given.url,
          placement: given.placement === CallToActionPlacement.THROUGHOUT ? 'THROUGHOUT' : 'END',
        },
      );
      return callToActionMessage(cta) ?? create(CallToActionSchema);
    });

    router.rpc(method.recordCallToActionClick, async (request, context) => {
      const user = context.values.get(kUser);
      const id = valid.videoId(request.videoId);
      await callToActions.recordClick(
        user,
        id,
        valid.viewerId(request.viewerId, user !== undefined),
        shareGrant(context),
      );
      return {};
    });
  };
