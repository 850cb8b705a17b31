import type { ActionCodeDetails } from '../../firebase/auth-client';
import type { WidgetMode } from './widget-screen';

/** What the widget says after an email action link worked. */
export function actionDoneCopy(mode: WidgetMode, details: ActionCodeDetails): { title: string; message: string } {
  switch (mode) {
    case 'recoverEmail':
      return {
        title: 'Updated email address',
        message: `Your sign-in email address has been changed back to ${details.email ?? 'your previous address'}. If you didn’t ask to change your sign-in email, reset your password right away.`,
      };
    case 'revertSecondFactorAddition':
      return {
        title: 'Removed second factor',
        message:
          'The second factor was removed from your account. If you don’t recognize this change, reset your password right away.',
      };
    case 'verifyAndChangeEmail':
      return {
        title: 'Your email has been verified and changed',
        message: `You can now sign in with your new email${details.email ? ` ${details.email}` : ''}.`,
      };
    default:
      return { title: 'Your email has been verified', message: 'You can now sign in with your new account' };
  }
}

/** What the widget says when an email action link is expired, used or wrong. */
export function actionFailedCopy(mode: WidgetMode, message: string): { title: string; message: string } {
  switch (mode) {
    case 'resetPassword':
      return { title: 'Try resetting your password again', message };
    case 'recoverEmail':
      return { title: 'Unable to update your email address', message };
    case 'revertSecondFactorAddition':
      return { title: 'Unable to remove your second factor', message };
    case 'signIn':
      return { title: 'Sign-in link is no longer valid', message };
    default:
      return { title: 'Try verifying your email again', message };
  }
}
