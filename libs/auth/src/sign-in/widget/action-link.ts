import { messages } from '../../validation/messages';
import type { SignInActions } from '../sign-in-actions';
import { actionFailedCopy } from './action-copy';
import type { WidgetMode, WidgetScreen } from './widget-screen';

/**
 * How an email action link (`mode` + `oobCode`) or an email sign-in link starts the widget: a
 * screen known at once, or a call to the identity provider whose answer picks the screen.
 */
export type ActionLinkStart =
  | { screen: WidgetScreen }
  | { mode: 'signIn'; email: string }
  | { mode: Exclude<WidgetMode, 'signIn' | 'select'>; oobCode: string };

export function actionLinkStart(
  actions: Pick<SignInActions, 'isEmailLink' | 'rememberedEmailForLink'>,
  { mode, oobCode, currentUrl }: { mode?: WidgetMode; oobCode?: string; currentUrl: string },
): ActionLinkStart | null {
  if (!mode || mode === 'select') return null;
  const invalid: ActionLinkStart = { screen: { name: 'error', ...actionFailedCopy(mode, messages.invalidActionCode) } };
  if (mode === 'signIn') {
    if (!actions.isEmailLink(currentUrl)) return invalid;
    const email = actions.rememberedEmailForLink();
    return email ? { mode, email } : { screen: { name: 'email-link-confirm', url: currentUrl } };
  }
  return oobCode ? { mode, oobCode } : invalid;
}
