// The contract suites against this package's fakes; apps/api/test/integration/contract.test.ts runs the same
// cases against the real server, so a fake that drifts from the service fails one of the two.
import { afterAll, beforeAll, describe } from 'vitest';
import { createFakeVideoService } from '../fake-video-service';
import { startFakeTusServer, type FakeTusServer } from '../fake-tus-server';
import { createFakeTeamService } from '../fake-team-service';
import { createFakeWebhookService } from '../fake-webhook-service';
import { createClient, type Transport } from '@connectrpc/connect';
import { Status, TeamService, VideoService } from '@stream/proto';
import {
  editServiceContract,
  libraryContract,
  resumableUploadContract,
  teamServiceContract,
  videoServiceContract,
  webhookServiceContract,
  withHeaders,
  type RpcContractSubject,
} from './index';

let users = 0;
/** Nobody calls without a token; a token is its user's uid (as the fake reads `authorization`). */
const fake = createFakeVideoService({ userId: 'nobody' });
fake.setCaller(undefined);

const subject: RpcContractSubject = {
  signIn: async () => withHeaders(fake.transport, { authorization: `Bearer user-${++users}` }),
  signedOut: () => fake.transport,
};

describe('the fake video service', () => videoServiceContract(subject));
describe('the fake library', () => libraryContract(subject));
describe('the fake edit service', () =>
  editServiceContract({
    ...subject,
    // A processed video of 6 s, as an upload becomes; the fake's tokens are uids.
    readyVideo: async (transport) => {
      const { id } = await createClient(VideoService, transport).createVideo({ title: 'Recorded' });
      return fake.update(id, { status: Status.READY, url: `/api/videoservice/video/${id}`, durationSeconds: 6 });
    },
  }));

const teams = createFakeTeamService();
teams.as(undefined);
describe('the fake team service', () =>
  teamServiceContract({
    signIn: async () => withHeaders(teams.transport, { authorization: `Bearer user-${++users}` }),
    signedOut: () => teams.transport,
  }));

// One transport for both fakes, as the server serves both: the webhook cases make teams.
const hookTeams = createFakeTeamService();
hookTeams.as(undefined);
const hooks = createFakeWebhookService({ teams: hookTeams });
hooks.as(undefined);
const bothServices: Transport = {
  unary: (method, ...rest) =>
    (method.parent.typeName === TeamService.typeName ? hookTeams : hooks).transport.unary(method, ...rest),
  stream: (method, ...rest) =>
    (method.parent.typeName === TeamService.typeName ? hookTeams : hooks).transport.stream(method, ...rest),
};
describe('the fake webhook service', () =>
  webhookServiceContract({
    signIn: async () => withHeaders(bothServices, { authorization: `Bearer user-${++users}` }),
    signedOut: () => bothServices,
  }));

describe('the fake tus server', () => {
  let server: FakeTusServer;
  beforeAll(async () => {
    server = await startFakeTusServer({ webmOnly: true });
  });
  afterAll(() => server?.close());
  resumableUploadContract({ baseUrl: () => server.url, signIn: async () => `user-${++users}` });
});
