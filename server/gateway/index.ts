// The S3 gateway, for the HTTP app to mount ahead of the API.
export type { GatewaySession } from './authenticate';
export { createGateway, type Gateway, type GatewayDeps, type GatewayFailure, type GatewayRequest } from './gateway';
export { anyAuthenticatedUser, byPolicies, type Authorize, type GatewayAction, type Permission } from './permissions';
