import { Code, createContextKey } from '@connectrpc/connect';

/** Why a request body was refused before Connect parsed it; the error interceptor answers it. */
export interface RequestProblem {
  code: Code.InvalidArgument | Code.ResourceExhausted | Code.Canceled;
  message: string;
}

export const kRequestProblem = createContextKey<RequestProblem | undefined>(undefined, {
  description: 'refused request body',
});
