import type { Transport } from '@connectrpc/connect';
import { CallToActionPlacement, type Video } from '@stream/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { changeErrorMessage } from '../errors/change-error-message';
import { setCallToActionMutation } from './mutations';

/** A call to action as `@stream/ui` draws it. */
export interface CallToActionView {
  label: string;
  url: string;
  placement: 'end' | 'throughout';
}

/** The video's call to action for the player; undefined when the owner set none. */
export function callToActionOf(video: Video): CallToActionView | undefined {
  const cta = video.callToAction;
  if (!cta?.label || !cta.url) return undefined;
  return {
    label: cta.label,
    url: cta.url,
    placement: cta.placement === CallToActionPlacement.THROUGHOUT ? 'throughout' : 'end',
  };
}

/** The owner's call-to-action form, as `@stream/ui`'s CallToActionForm props: SetCallToAction, then the video again. */
export function useCallToActionForm(transport: Transport, video: Video) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(callToActionOf(video));
  const options = setCallToActionMutation(transport, queryClient, video.id);
  const save = useMutation({
    ...options,
    onSuccess: (...done) => {
      setCurrent(done[1]);
      return options.onSuccess?.(...done);
    },
  });
  return {
    current,
    busy: save.isPending,
    error: save.error ? changeErrorMessage(save.error) : undefined,
    onSave: (cta: CallToActionView) => save.mutate(cta),
    onRemove: () => save.mutate(undefined),
  };
}
