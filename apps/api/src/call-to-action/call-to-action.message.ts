import { create } from '@bufbuild/protobuf';
import { CallToActionPlacement, CallToActionSchema } from '@stream/proto';
import type { CallToAction } from '../videos';

const placementToProto = { END: CallToActionPlacement.END, THROUGHOUT: CallToActionPlacement.THROUGHOUT } as const;

/** A video's call to action as the Video message (field 81) and SetCallToAction carry it. */
export const callToActionMessage = (cta: CallToAction | undefined) =>
  cta && create(CallToActionSchema, { label: cta.label, url: cta.url, placement: placementToProto[cta.placement] });
