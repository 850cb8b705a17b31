export { LinkGenerations, type CurrentLinkGenerations } from './link-generations';
export { linkInsights } from './link-insights';
export { LinkPasses } from './link-pass';
export { SHARE_TOKEN_HEADER, shareGrant } from './share-grant';
export { ShareLinkGates, attributedPerson } from './share-link-gates';
export { SHARE_PASS_HEADER, passesOf } from './share-passes';
export { SharingService } from './sharing.service';
export { type PageBranding } from './watch-page.html';
export { registerWatchPages } from './watch-page.routes';
